CREATE TABLE "rsvp_answer_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"invitee_id" bigint NOT NULL,
	"answer" text NOT NULL,
	"waiting" boolean NOT NULL,
	"guests" integer NOT NULL,
	"source" text NOT NULL,
	"changed_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsvp_events" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"online_url" text,
	"places" integer DEFAULT 0 NOT NULL,
	"max_guests" integer DEFAULT 0 NOT NULL,
	"deadline" timestamp with time zone,
	"allow_maybe" boolean DEFAULT true NOT NULL,
	"waiting_list" boolean DEFAULT true NOT NULL,
	"accepted_persons" integer DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvp_events_places_check" CHECK ("rsvp_events"."places" >= 0),
	CONSTRAINT "rsvp_events_guests_check" CHECK ("rsvp_events"."max_guests" BETWEEN 0 AND 9),
	CONSTRAINT "rsvp_events_accepted_check" CHECK ("rsvp_events"."accepted_persons" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rsvp_invitees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"job_id" uuid,
	"subscriber_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"answer" text,
	"waiting" boolean DEFAULT false NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvp_invitees_answer_check" CHECK ("rsvp_invitees"."answer" IN ('Ja', 'Nee', 'Misschien')),
	CONSTRAINT "rsvp_invitees_guests_check" CHECK ("rsvp_invitees"."guests" BETWEEN 0 AND 9),
	CONSTRAINT "rsvp_invitees_source_check" CHECK ("rsvp_invitees"."source" IN ('e-mail', 'medewerker'))
);
--> statement-breakpoint
CREATE TABLE "rsvp_mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"invitee_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "rsvp_mail_outbox_kind_check" CHECK ("rsvp_mail_outbox"."kind" IN ('bevestiging', 'wachtlijst', 'promotie', 'wijziging', 'afgelast'))
);
--> statement-breakpoint
ALTER TABLE "rsvp_answer_history" ADD CONSTRAINT "rsvp_answer_history_invitee_id_rsvp_invitees_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."rsvp_invitees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_answer_history" ADD CONSTRAINT "rsvp_answer_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_events" ADD CONSTRAINT "rsvp_events_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_events" ADD CONSTRAINT "rsvp_events_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_invitees" ADD CONSTRAINT "rsvp_invitees_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_invitees" ADD CONSTRAINT "rsvp_invitees_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_invitees" ADD CONSTRAINT "rsvp_invitees_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_mail_outbox" ADD CONSTRAINT "rsvp_mail_outbox_invitee_id_rsvp_invitees_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."rsvp_invitees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rsvp_answer_history_invitee_idx" ON "rsvp_answer_history" USING btree ("invitee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rsvp_invitees_publication_email_idx" ON "rsvp_invitees" USING btree ("publication_id",lower("email"));--> statement-breakpoint
CREATE INDEX "rsvp_invitees_publication_answer_idx" ON "rsvp_invitees" USING btree ("publication_id","answer","waiting","answered_at");--> statement-breakpoint
CREATE INDEX "rsvp_mail_outbox_unsent_idx" ON "rsvp_mail_outbox" USING btree ("id") WHERE "rsvp_mail_outbox"."sent_at" IS NULL;