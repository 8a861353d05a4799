ALTER TABLE "users" ADD COLUMN "provider_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_unique" ON "users" USING btree ("identity_issuer","identity_subject");--> statement-breakpoint
CREATE INDEX "users_identity_subject_idx" ON "users" USING btree ("identity_subject");