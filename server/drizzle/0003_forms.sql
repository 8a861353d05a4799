CREATE TABLE "flow_answers" (
	"submission_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"option_id" uuid,
	"value" text NOT NULL,
	CONSTRAINT "flow_answers_submission_id_field_id_pk" PRIMARY KEY("submission_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "flow_field_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"label" text NOT NULL,
	"max_answers" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_field_options_max_answers_check" CHECK ("flow_field_options"."max_answers" >= 0),
	CONSTRAINT "flow_field_options_taken_check" CHECK ("flow_field_options"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flow_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"label" text NOT NULL,
	"type" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_fields_type_check" CHECK ("flow_fields"."type" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "flow_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_answers" ADD CONSTRAINT "flow_answers_submission_id_flow_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."flow_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_answers" ADD CONSTRAINT "flow_answers_field_id_flow_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."flow_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_answers" ADD CONSTRAINT "flow_answers_option_id_flow_field_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."flow_field_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_field_options" ADD CONSTRAINT "flow_field_options_field_id_flow_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."flow_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_fields" ADD CONSTRAINT "flow_fields_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_submissions" ADD CONSTRAINT "flow_submissions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_answers_field_idx" ON "flow_answers" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "flow_answers_option_idx" ON "flow_answers" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "flow_field_options_field_position_idx" ON "flow_field_options" USING btree ("field_id","position");--> statement-breakpoint
CREATE INDEX "flow_fields_flow_position_idx" ON "flow_fields" USING btree ("flow_id","position");--> statement-breakpoint
CREATE INDEX "flow_submissions_flow_created_idx" ON "flow_submissions" USING btree ("flow_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flows_environment_created_idx" ON "flows" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "flows_environment_name_idx" ON "flows" USING btree ("environment_id",lower("name"));