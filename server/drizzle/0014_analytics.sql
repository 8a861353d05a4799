CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"message_key" text NOT NULL,
	"recipient_id" bigint,
	"machine" boolean NOT NULL,
	"first" boolean NOT NULL,
	"first_of_kind" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" IN ('open', 'click'))
);
--> statement-breakpoint
CREATE TABLE "analytics_firsts" (
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"machine" boolean NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "analytics_firsts_job_id_kind_position_machine_message_key_pk" PRIMARY KEY("job_id","kind","position","machine","message_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"job_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"machine" boolean NOT NULL,
	"total" integer NOT NULL,
	"firsts" integer NOT NULL,
	"firsts_of_kind" integer NOT NULL,
	CONSTRAINT "analytics_hourly_job_id_hour_kind_position_machine_pk" PRIMARY KEY("job_id","hour","kind","position","machine")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_mark" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "environment_measuring" (
	"environment_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"legal_basis" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "environment_measuring_mode_check" CHECK ("environment_measuring"."mode" IN ('Uit', 'Alleen totalen', 'Per persoon gepseudonimiseerd', 'Per persoon'))
);
--> statement-breakpoint
CREATE TABLE "publication_measuring" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"legal_basis" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_measuring_mode_check" CHECK ("publication_measuring"."mode" IN ('Uit', 'Alleen totalen', 'Per persoon gepseudonimiseerd', 'Per persoon'))
);
--> statement-breakpoint
CREATE TABLE "tracked_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"mode" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "tracked_links_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_firsts" ADD CONSTRAINT "analytics_firsts_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_measuring" ADD CONSTRAINT "environment_measuring_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_measuring" ADD CONSTRAINT "publication_measuring_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_measuring" ADD CONSTRAINT "publication_measuring_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_jobs" ADD CONSTRAINT "tracked_jobs_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_jobs" ADD CONSTRAINT "tracked_jobs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_job_idx" ON "analytics_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "analytics_events_recipient_idx" ON "analytics_events" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");