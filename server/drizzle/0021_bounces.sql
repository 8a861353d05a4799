CREATE TABLE "delivery_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"recipient_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"diagnostic" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_bounces_kind_check" CHECK ("delivery_bounces"."kind" IN ('hard', 'soft', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD COLUMN "cause" text DEFAULT 'Afgemeld' NOT NULL;--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD COLUMN "cause_detail" text;--> statement-breakpoint
ALTER TABLE "delivery_bounces" ADD CONSTRAINT "delivery_bounces_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bounces" ADD CONSTRAINT "delivery_bounces_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bounces" ADD CONSTRAINT "delivery_bounces_recipient_id_delivery_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."delivery_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_bounces_recipient_kind_unique" ON "delivery_bounces" USING btree ("recipient_id","kind");--> statement-breakpoint
CREATE INDEX "delivery_bounces_job_idx" ON "delivery_bounces" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_environment_email_idx" ON "delivery_recipients" USING btree ("environment_id",lower("email"));--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD CONSTRAINT "unsubscribers_cause_check" CHECK ("unsubscribers"."cause" IN ('Afgemeld', 'Klacht', 'Onbestelbaar'));