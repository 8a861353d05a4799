-- The Logboek is append-only: UPDATE, DELETE and TRUNCATE are refused, except the deletes of the
-- retention job, which says so in its own transaction (SET LOCAL dpp.log_retention = 'on'), and the
-- entries of an environment that is itself being deleted (its foreign key cascades).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('dpp.log_retention', true), '') = 'on'
       OR NOT EXISTS (SELECT 1 FROM environments WHERE id = OLD.environment_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'Het logboek kan alleen worden aangevuld: % is geweigerd.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_entries_append_only
  BEFORE UPDATE OR DELETE ON audit_log_entries
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_entries_no_truncate
  BEFORE TRUNCATE ON audit_log_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
