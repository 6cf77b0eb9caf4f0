-- Whether anyone takes discovery calls (an active, bookable admin with weekly hours) is kept in
-- memory by every instance (server/booking/desk/shared.ts) instead of being read for each call
-- request: a change to either table tells every instance, as migration 0006 does for the content
-- tables, when its transaction commits.
CREATE TRIGGER admin_users_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER booking_hours_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
