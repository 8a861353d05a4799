CREATE TABLE "list_import_refusals" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"status" text DEFAULT 'Bezig' NOT NULL,
	"mode" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"encoding" text,
	"delimiter" text,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped_duplicate" integer DEFAULT 0 NOT NULL,
	"skipped_unsubscribed" integer DEFAULT 0 NOT NULL,
	"skipped_missing" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "list_import_refusals" ADD CONSTRAINT "list_import_refusals_import_id_list_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."list_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_imports" ADD CONSTRAINT "list_imports_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_imports" ADD CONSTRAINT "list_imports_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_import_refusals_import_idx" ON "list_import_refusals" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "list_imports_one_running" ON "list_imports" USING btree ("list_id") WHERE "list_imports"."status" = 'Bezig';--> statement-breakpoint
CREATE INDEX "list_imports_list_started_idx" ON "list_imports" USING btree ("list_id","started_at");