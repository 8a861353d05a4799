CREATE TABLE "environment_members" (
	"environment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "environment_members_environment_id_user_id_pk" PRIMARY KEY("environment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"primary_color" text NOT NULL,
	"file_id_to_logo" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_list_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience_list_id" uuid NOT NULL,
	"field" text NOT NULL,
	"operator" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'ManualList' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"attribute_label1" text,
	"attribute_label2" text,
	"attribute_label3" text,
	"attribute_label4" text,
	"attribute_label5" text,
	"attribute_label6" text,
	"attribute_label7" text,
	"attribute_label8" text,
	"attribute_label9" text,
	"subscriber_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"initials" text,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"phone_number" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"is_organization" boolean DEFAULT false NOT NULL,
	"attribute1" text,
	"attribute2" text,
	"attribute3" text,
	"attribute4" text,
	"attribute5" text,
	"attribute6" text,
	"attribute7" text,
	"attribute8" text,
	"attribute9" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || translate(email, '@.+_-', '     '))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removed_by_user_id" uuid,
	"removal_reason" text
);
--> statement-breakpoint
CREATE TABLE "delivery_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"title" text NOT NULL,
	"publication_template_id" uuid NOT NULL,
	"audience_id" uuid,
	"send_to_only_accepted_rsvp" boolean DEFAULT false NOT NULL,
	"ignore_rsvp" boolean DEFAULT false NOT NULL,
	"recipient_count" integer NOT NULL,
	"status" text DEFAULT 'Gepland' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"block_type" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_repeatable_groups" (
	"publication_type_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "publication_repeatable_groups_publication_type_id_type_pk" PRIMARY KEY("publication_type_id","type")
);
--> statement-breakpoint
CREATE TABLE "publication_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"publication_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_not_marketing" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_directories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"parent_directory_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"extension" text NOT NULL,
	"name" text NOT NULL,
	"friendly_name" text NOT NULL,
	"original_name" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environment_members" ADD CONSTRAINT "environment_members_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environment_members" ADD CONSTRAINT "environment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_list_filters" ADD CONSTRAINT "audience_list_filters_audience_list_id_audience_lists_id_fk" FOREIGN KEY ("audience_list_id") REFERENCES "public"."audience_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_lists" ADD CONSTRAINT "audience_lists_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_lists" ADD CONSTRAINT "audience_lists_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD CONSTRAINT "unsubscribers_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD CONSTRAINT "unsubscribers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD CONSTRAINT "unsubscribers_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_publication_template_id_publication_templates_id_fk" FOREIGN KEY ("publication_template_id") REFERENCES "public"."publication_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_blocks" ADD CONSTRAINT "publication_blocks_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_repeatable_groups" ADD CONSTRAINT "publication_repeatable_groups_publication_type_id_publication_types_id_fk" FOREIGN KEY ("publication_type_id") REFERENCES "public"."publication_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_templates" ADD CONSTRAINT "publication_templates_publication_type_id_publication_types_id_fk" FOREIGN KEY ("publication_type_id") REFERENCES "public"."publication_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_types" ADD CONSTRAINT "publication_types_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_publication_type_id_publication_types_id_fk" FOREIGN KEY ("publication_type_id") REFERENCES "public"."publication_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_directories" ADD CONSTRAINT "media_directories_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_directories" ADD CONSTRAINT "media_directories_parent_directory_id_media_directories_id_fk" FOREIGN KEY ("parent_directory_id") REFERENCES "public"."media_directories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_directory_id_media_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."media_directories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "environment_members_user_idx" ON "environment_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "environments_single_default" ON "environments" USING btree ("is_default") WHERE "environments"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "themes_environment_unique" ON "themes" USING btree ("environment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audience_list_filters_audience_list_idx" ON "audience_list_filters" USING btree ("audience_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audience_lists_audience_list_unique" ON "audience_lists" USING btree ("audience_id","list_id");--> statement-breakpoint
CREATE INDEX "audience_lists_list_idx" ON "audience_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "audiences_environment_idx" ON "audiences" USING btree ("environment_id","name");--> statement-breakpoint
CREATE INDEX "lists_environment_idx" ON "lists" USING btree ("environment_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_list_email_unique" ON "subscribers" USING btree ("list_id",lower("email"));--> statement-breakpoint
CREATE INDEX "subscribers_list_name_idx" ON "subscribers" USING btree ("list_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "subscribers_list_city_idx" ON "subscribers" USING btree ("list_id",lower("city"),"id");--> statement-breakpoint
CREATE INDEX "subscribers_list_created_idx" ON "subscribers" USING btree ("list_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_search_idx" ON "subscribers" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribers_active_email_unique" ON "unsubscribers" USING btree ("environment_id",lower("email")) WHERE "unsubscribers"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "unsubscribers_environment_created_idx" ON "unsubscribers" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_jobs_environment_created_idx" ON "delivery_jobs" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_blocks_publication_position_idx" ON "publication_blocks" USING btree ("publication_id","position");--> statement-breakpoint
CREATE INDEX "publication_templates_type_idx" ON "publication_templates" USING btree ("publication_type_id","position");--> statement-breakpoint
CREATE INDEX "publication_types_environment_idx" ON "publication_types" USING btree ("environment_id","name");--> statement-breakpoint
CREATE INDEX "publications_environment_created_idx" ON "publications" USING btree ("environment_id","created_at");--> statement-breakpoint
CREATE INDEX "publications_environment_name_idx" ON "publications" USING btree ("environment_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "media_directories_root_unique" ON "media_directories" USING btree ("environment_id") WHERE "media_directories"."parent_directory_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "media_directories_sibling_unique" ON "media_directories" USING btree ("parent_directory_id",lower("name"));--> statement-breakpoint
CREATE INDEX "media_files_directory_idx" ON "media_files" USING btree ("directory_id","created_at");--> statement-breakpoint
CREATE INDEX "media_files_environment_idx" ON "media_files" USING btree ("environment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_entity_name_unique" ON "tags" USING btree ("environment_id","entity","entity_id",lower("name"));