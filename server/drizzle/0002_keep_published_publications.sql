ALTER TABLE "delivery_jobs" DROP CONSTRAINT "delivery_jobs_publication_id_publications_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE no action ON UPDATE no action;