CREATE TABLE "consent_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"source" text NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"form_id" uuid,
	"consent_text_id" uuid,
	"import_id" uuid,
	"user_id" uuid,
	"ip_hash" text,
	CONSTRAINT "consent_proofs_source_check" CHECK ("consent_proofs"."source" IN ('form', 'import', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "consent_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"consent_text_id" uuid NOT NULL,
	"email" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"list_ids" jsonb NOT NULL,
	"ip_hash" text,
	"signed_up_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_up_form_lists" (
	"form_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "sign_up_form_lists_form_id_list_id_pk" PRIMARY KEY("form_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "sign_up_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmation_subject" text NOT NULL,
	"confirmation_text" text NOT NULL,
	"confirmed_text" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_up_mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"pending_sign_up_id" uuid,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "sign_up_mail_outbox_kind_check" CHECK ("sign_up_mail_outbox"."kind" IN ('bevestigen', 'al-aangemeld'))
);
--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_form_id_sign_up_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."sign_up_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_import_id_list_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."list_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_proofs" ADD CONSTRAINT "consent_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_form_id_sign_up_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."sign_up_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_form_id_sign_up_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."sign_up_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_consent_text_id_consent_texts_id_fk" FOREIGN KEY ("consent_text_id") REFERENCES "public"."consent_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_form_lists" ADD CONSTRAINT "sign_up_form_lists_form_id_sign_up_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."sign_up_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_form_lists" ADD CONSTRAINT "sign_up_form_lists_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_forms" ADD CONSTRAINT "sign_up_forms_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_mail_outbox" ADD CONSTRAINT "sign_up_mail_outbox_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_mail_outbox" ADD CONSTRAINT "sign_up_mail_outbox_form_id_sign_up_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."sign_up_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_mail_outbox" ADD CONSTRAINT "sign_up_mail_outbox_pending_sign_up_id_pending_sign_ups_id_fk" FOREIGN KEY ("pending_sign_up_id") REFERENCES "public"."pending_sign_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_proofs_subscriber_idx" ON "consent_proofs" USING btree ("subscriber_id","signed_up_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_form_version_unique" ON "consent_texts" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expires_idx" ON "pending_sign_ups" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_form_email_idx" ON "pending_sign_ups" USING btree ("form_id",lower("email"));--> statement-breakpoint
CREATE INDEX "sign_up_forms_environment_idx" ON "sign_up_forms" USING btree ("environment_id","name");--> statement-breakpoint
CREATE INDEX "sign_up_mail_outbox_unsent_idx" ON "sign_up_mail_outbox" USING btree ("id") WHERE "sign_up_mail_outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sign_up_mail_outbox_form_email_idx" ON "sign_up_mail_outbox" USING btree ("form_id",lower("email"));