ALTER TABLE "rsvp_events" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "rsvp_invitees" ADD COLUMN "question_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvp_events" ADD CONSTRAINT "rsvp_events_form_id_flows_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;