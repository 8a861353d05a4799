CREATE TABLE "identity_artifacts" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_artifacts_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "identity_artifacts_grant_idx" ON "identity_artifacts" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_artifacts_uid_idx" ON "identity_artifacts" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_artifacts_expires_idx" ON "identity_artifacts" USING btree ("expires_at");