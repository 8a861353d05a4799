ALTER TABLE "list_imports" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "list_imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "list_imports" ADD COLUMN "lease_until" timestamp with time zone;