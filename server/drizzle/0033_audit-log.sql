CREATE TABLE "audit_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"resource_label" text,
	"row_count" integer,
	"detail" text,
	CONSTRAINT "audit_log_entries_label_short" CHECK (length("audit_log_entries"."resource_label") <= 300),
	CONSTRAINT "audit_log_entries_detail_short" CHECK (length("audit_log_entries"."detail") <= 300)
);
--> statement-breakpoint
CREATE TABLE "audit_log_settings" (
	"environment_id" uuid PRIMARY KEY NOT NULL,
	"retention_months" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "list_imports" ADD COLUMN "started_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "list_imports" ADD COLUMN "started_by_name" text;--> statement-breakpoint
ALTER TABLE "audit_log_entries" ADD CONSTRAINT "audit_log_entries_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log_settings" ADD CONSTRAINT "audit_log_settings_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entries_environment_idx" ON "audit_log_entries" USING btree ("environment_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entries_occurred_idx" ON "audit_log_entries" USING btree ("occurred_at");