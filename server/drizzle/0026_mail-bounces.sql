CREATE TABLE "mail_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"message_kind" text NOT NULL,
	"message_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"diagnostic" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_bounces_message_kind_check" CHECK ("mail_bounces"."message_kind" IN ('rsvp', 'test')),
	CONSTRAINT "mail_bounces_kind_check" CHECK ("mail_bounces"."kind" IN ('hard', 'soft', 'complaint'))
);
--> statement-breakpoint
CREATE TABLE "test_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sends" ADD CONSTRAINT "test_sends_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_bounces_message_kind_unique" ON "mail_bounces" USING btree ("message_kind","message_id","kind");--> statement-breakpoint
CREATE INDEX "test_sends_address_idx" ON "test_sends" USING btree ("environment_id",lower("email"));