CREATE TABLE "theme_fonts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"theme_id" uuid NOT NULL,
	"font_identifier" text NOT NULL,
	"src_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "secondary_color" text DEFAULT '#f2f3f5' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "text_color" text DEFAULT '#222222' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "background_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "link_color" text DEFAULT '#1f5fa8' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "button_text_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "heading_font_id" uuid;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "heading_system_font" text DEFAULT 'georgia';--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "body_font_id" uuid;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "body_system_font" text DEFAULT 'arial';--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "base_size" integer DEFAULT 16 NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "line_height" double precision DEFAULT 1.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "advanced_css" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "theme_fonts" ADD CONSTRAINT "theme_fonts_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "theme_fonts_identifier_unique" ON "theme_fonts" USING btree ("theme_id",lower("font_identifier"));--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_heading_font_id_theme_fonts_id_fk" FOREIGN KEY ("heading_font_id") REFERENCES "public"."theme_fonts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_body_font_id_theme_fonts_id_fk" FOREIGN KEY ("body_font_id") REFERENCES "public"."theme_fonts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_heading_font_one" CHECK (num_nonnulls("themes"."heading_font_id", "themes"."heading_system_font") = 1);--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_body_font_one" CHECK (num_nonnulls("themes"."body_font_id", "themes"."body_system_font") = 1);--> statement-breakpoint
-- Links followed the primary colour until now: keep them so.
UPDATE "themes" SET "link_color" = lower("primary_color");
