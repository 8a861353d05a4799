ALTER TABLE "rsvp_mail_outbox" DROP CONSTRAINT "rsvp_mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "rsvp_events" ADD COLUMN "event_reminder_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvp_mail_outbox_one_event_reminder_idx" ON "rsvp_mail_outbox" USING btree ("invitee_id") WHERE "rsvp_mail_outbox"."kind" = 'herinnering-bijeenkomst';--> statement-breakpoint
ALTER TABLE "rsvp_events" ADD CONSTRAINT "rsvp_events_event_reminder_days_check" CHECK ("rsvp_events"."event_reminder_days" BETWEEN 1 AND 60);--> statement-breakpoint
ALTER TABLE "rsvp_mail_outbox" ADD CONSTRAINT "rsvp_mail_outbox_kind_check" CHECK ("rsvp_mail_outbox"."kind" IN ('bevestiging', 'wachtlijst', 'promotie', 'wijziging', 'afgelast', 'herinnering', 'herinnering-bijeenkomst'));