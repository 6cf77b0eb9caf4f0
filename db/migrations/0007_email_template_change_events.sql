-- Email templates are kept in memory by every instance (server/cache/table-memo.ts) instead of
-- being read for each lead or subscription email: a change to the table tells every instance,
-- as migration 0006 does for the content tables, when its transaction commits.
CREATE TRIGGER email_templates_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_templates"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
