ALTER TABLE "delivery_jobs" ADD COLUMN "participant_group" text;--> statement-breakpoint
-- Jobs to accepted participants from before the column existed.
UPDATE "delivery_jobs" SET "participant_group" = 'accepted' WHERE "send_to_only_accepted_rsvp";
