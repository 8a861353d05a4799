CREATE TABLE "resubscribe_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"unsubscriber_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "resubscribe_requests" ADD CONSTRAINT "resubscribe_requests_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resubscribe_requests" ADD CONSTRAINT "resubscribe_requests_unsubscriber_id_unsubscribers_id_fk" FOREIGN KEY ("unsubscriber_id") REFERENCES "public"."unsubscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resubscribe_requests_address_idx" ON "resubscribe_requests" USING btree ("environment_id",lower("email"),"requested_at");--> statement-breakpoint
CREATE INDEX "resubscribe_requests_unsubscriber_idx" ON "resubscribe_requests" USING btree ("unsubscriber_id");