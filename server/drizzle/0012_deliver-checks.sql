ALTER TABLE "publications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "preheader" text;