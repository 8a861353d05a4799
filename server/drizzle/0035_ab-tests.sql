CREATE TABLE "ab_test_variants" (
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	"job_id" uuid NOT NULL,
	CONSTRAINT "ab_test_variants_test_id_position_pk" PRIMARY KEY("test_id","position"),
	CONSTRAINT "ab_test_variants_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"parent_job_id" uuid NOT NULL,
	"field" text NOT NULL,
	"share_percent" integer NOT NULL,
	"wait_hours" integer NOT NULL,
	"decide_by" text NOT NULL,
	"decide_at" timestamp with time zone,
	"winner_position" integer,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"remainder_job_id" uuid,
	CONSTRAINT "ab_tests_parent_job_id_unique" UNIQUE("parent_job_id"),
	CONSTRAINT "ab_tests_remainder_job_id_unique" UNIQUE("remainder_job_id"),
	CONSTRAINT "ab_tests_field_check" CHECK ("ab_tests"."field" IN ('subject', 'preheader', 'senderName')),
	CONSTRAINT "ab_tests_decide_by_check" CHECK ("ab_tests"."decide_by" IN ('humanOpens', 'clicks', 'manual')),
	CONSTRAINT "ab_tests_share_check" CHECK ("ab_tests"."share_percent" BETWEEN 1 AND 100),
	CONSTRAINT "ab_tests_wait_check" CHECK ("ab_tests"."wait_hours" BETWEEN 1 AND 72)
);
--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD CONSTRAINT "ab_test_variants_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD CONSTRAINT "ab_test_variants_job_id_delivery_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_parent_job_id_delivery_jobs_id_fk" FOREIGN KEY ("parent_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_remainder_job_id_delivery_jobs_id_fk" FOREIGN KEY ("remainder_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_tests_undecided_idx" ON "ab_tests" USING btree ("decide_at") WHERE "ab_tests"."decided_at" IS NULL;