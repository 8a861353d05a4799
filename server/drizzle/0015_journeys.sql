CREATE TABLE "journey_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"trigger_list_id" uuid,
	"email" text NOT NULL,
	"state" text DEFAULT 'Actief' NOT NULL,
	"current_step_id" text,
	"next_run_at" timestamp with time zone,
	"wait_until" timestamp with time zone,
	"enrolled_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journey_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subscriber_id" uuid,
	"list_id" uuid,
	"flow_id" uuid,
	"submission_id" uuid,
	"imported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_step_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"journey_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"step_kind" text NOT NULL,
	"visit" integer NOT NULL,
	"status" text NOT NULL,
	"result" text NOT NULL,
	"delivery_job_id" uuid,
	"delivery_recipient_id" bigint,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journey_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'Concept' NOT NULL,
	"draft" jsonb,
	"active_version_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journey_enrollments" ADD CONSTRAINT "journey_enrollments_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_enrollments" ADD CONSTRAINT "journey_enrollments_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_enrollments" ADD CONSTRAINT "journey_enrollments_version_id_journey_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."journey_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_step_runs" ADD CONSTRAINT "journey_step_runs_enrollment_id_journey_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."journey_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_step_runs" ADD CONSTRAINT "journey_step_runs_delivery_job_id_delivery_jobs_id_fk" FOREIGN KEY ("delivery_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_versions" ADD CONSTRAINT "journey_versions_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_enrollments_due_idx" ON "journey_enrollments" USING btree ("next_run_at") WHERE "journey_enrollments"."state" = 'Actief';--> statement-breakpoint
CREATE INDEX "journey_enrollments_journey_email_idx" ON "journey_enrollments" USING btree ("journey_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "journey_enrollments_running_unique" ON "journey_enrollments" USING btree ("journey_id",lower("email")) WHERE "journey_enrollments"."state" = 'Actief';--> statement-breakpoint
CREATE UNIQUE INDEX "journey_step_runs_visit_unique" ON "journey_step_runs" USING btree ("enrollment_id","step_id","visit");--> statement-breakpoint
CREATE INDEX "journey_step_runs_journey_step_idx" ON "journey_step_runs" USING btree ("journey_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_versions_number_unique" ON "journey_versions" USING btree ("journey_id","number");--> statement-breakpoint
CREATE INDEX "journeys_environment_idx" ON "journeys" USING btree ("environment_id","created_at");