ALTER TABLE "environments" ADD COLUMN "preview_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "publication_variants" ADD COLUMN "preview_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "preview_stamp" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Preview stamps: GET /publications/{id}/render derives its ETag from the publication's stamp (and its
-- content variant's) and the environment's, read in one small query, so that a revalidation of an
-- unchanged preview reads no publication (publications/publicationRendering.ts). Every write that could
-- change what a preview shows gives one of these stamps a new random value, here in the database so that
-- every instance sees it: an update of the row itself (BEFORE UPDATE), a change of a publication's blocks
-- (its stamp, or its variant's), and a change of the environment's theme, fonts, media files, sender or
-- repeatable groups (the environment's stamp). The template's layout and the invitation are read by that
-- query itself. The triggers of other rows are deferred to the commit, so the stamp's row is locked only
-- while committing, and stamp a row once per transaction (`xmin`: the row was written by this one).
CREATE FUNCTION preview_stamp_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.preview_stamp = OLD.preview_stamp THEN
    NEW.preview_stamp := gen_random_uuid();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER publications_preview_stamp
  BEFORE UPDATE ON publications
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_on_update();
--> statement-breakpoint
CREATE TRIGGER environments_preview_stamp
  BEFORE UPDATE ON environments
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_on_update();
--> statement-breakpoint
CREATE FUNCTION preview_stamp_block_owner(publication uuid, variant uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE publications SET preview_stamp = gen_random_uuid()
  WHERE variant IS NULL AND id = publication AND xmin <> pg_current_xact_id()::xid;
  UPDATE publication_variants SET preview_stamp = gen_random_uuid()
  WHERE id = variant AND xmin <> pg_current_xact_id()::xid;
$$;
--> statement-breakpoint
CREATE FUNCTION preview_stamp_of_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM preview_stamp_block_owner(OLD.publication_id, OLD.variant_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM preview_stamp_block_owner(NEW.publication_id, NEW.variant_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER publication_blocks_preview_stamp
  AFTER INSERT OR UPDATE OR DELETE ON publication_blocks
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_blocks();
--> statement-breakpoint
-- The environment of a changed row: its own column, or that of its theme or its publication type.
CREATE FUNCTION preview_stamp_of_environment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  FOREACH changed IN ARRAY array_remove(ARRAY[to_jsonb(OLD), to_jsonb(NEW)], NULL) LOOP
    UPDATE environments SET preview_stamp = gen_random_uuid()
    WHERE xmin <> pg_current_xact_id()::xid AND id = CASE TG_TABLE_NAME
      WHEN 'theme_fonts' THEN
        (SELECT environment_id FROM themes WHERE themes.id = (changed ->> 'theme_id')::uuid)
      WHEN 'publication_repeatable_groups' THEN
        (SELECT environment_id FROM publication_types
         WHERE publication_types.id = (changed ->> 'publication_type_id')::uuid)
      ELSE (changed ->> 'environment_id')::uuid
    END;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER themes_preview_stamp
  AFTER INSERT OR UPDATE OR DELETE ON themes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_environment();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER theme_fonts_preview_stamp
  AFTER INSERT OR UPDATE OR DELETE ON theme_fonts
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_environment();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sender_settings_preview_stamp
  AFTER INSERT OR UPDATE OR DELETE ON sender_settings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_environment();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER publication_repeatable_groups_preview_stamp
  AFTER INSERT OR UPDATE OR DELETE ON publication_repeatable_groups
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_environment();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER media_files_preview_stamp
  AFTER INSERT OR DELETE ON media_files
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION preview_stamp_of_environment();
--> statement-breakpoint
-- A preview shows a file's address (id, extension) and name; moving it to another folder changes neither.
CREATE CONSTRAINT TRIGGER media_files_preview_stamp_on_update
  AFTER UPDATE ON media_files
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.id, OLD.environment_id, OLD.extension, OLD.friendly_name)
        IS DISTINCT FROM (NEW.id, NEW.environment_id, NEW.extension, NEW.friendly_name))
  EXECUTE FUNCTION preview_stamp_of_environment();
