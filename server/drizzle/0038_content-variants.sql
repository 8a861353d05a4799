CREATE TABLE "publication_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_variants_position_check" CHECK ("publication_variants"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "ab_tests" DROP CONSTRAINT "ab_tests_field_check";--> statement-breakpoint
ALTER TABLE "publication_blocks" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "publication_variants" ADD CONSTRAINT "publication_variants_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_variants_publication_position_idx" ON "publication_variants" USING btree ("publication_id","position");--> statement-breakpoint
ALTER TABLE "publication_blocks" ADD CONSTRAINT "publication_blocks_variant_id_publication_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."publication_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_field_check" CHECK ("ab_tests"."field" IN ('subject', 'preheader', 'senderName', 'content'));