ALTER TABLE "journey_outbox" ADD COLUMN "publication_id" uuid;--> statement-breakpoint
ALTER TABLE "journey_outbox" ADD COLUMN "invitee_id" bigint;--> statement-breakpoint
ALTER TABLE "journey_outbox" ADD COLUMN "answer" text;