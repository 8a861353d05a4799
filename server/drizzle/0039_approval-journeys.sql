ALTER TABLE "approval_requests" ALTER COLUMN "publication_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "publication_template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "recipient_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "kind" text DEFAULT 'send' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "journey_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "moves" jsonb;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "journey_version_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_settings" ADD COLUMN "journeys" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_journey_version_id_journey_versions_id_fk" FOREIGN KEY ("journey_version_id") REFERENCES "public"."journey_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_journey_version_unique" ON "approval_requests" USING btree ("journey_version_id");--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_kind_check" CHECK (("approval_requests"."kind" = 'send' AND "approval_requests"."publication_id" IS NOT NULL AND "approval_requests"."publication_template_id" IS NOT NULL AND "approval_requests"."recipient_count" IS NOT NULL)
        OR ("approval_requests"."kind" = 'journey' AND "approval_requests"."journey_id" IS NOT NULL));