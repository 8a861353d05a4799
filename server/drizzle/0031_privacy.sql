CREATE TABLE "retention_settings" (
	"environment_id" uuid PRIMARY KEY NOT NULL,
	"form_answer_months" integer DEFAULT 24 NOT NULL,
	"rsvp_answer_months" integer DEFAULT 24 NOT NULL,
	"inactive_subscriber_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_settings_form_check" CHECK ("retention_settings"."form_answer_months" BETWEEN 1 AND 120),
	CONSTRAINT "retention_settings_rsvp_check" CHECK ("retention_settings"."rsvp_answer_months" BETWEEN 1 AND 120),
	CONSTRAINT "retention_settings_inactive_check" CHECK ("retention_settings"."inactive_subscriber_months" BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsubscribers_address_hash_idx" ON "unsubscribers" USING btree ("environment_id","address_hash") WHERE "unsubscribers"."address_hash" IS NOT NULL;