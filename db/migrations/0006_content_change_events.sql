-- The public pages' response cache (docs/decisions/031-response-cache.md): any statement that
-- changes a table the public site shows tells every instance, through the event bus's channel,
-- when its transaction commits (PostgreSQL sends a NOTIFY only then, once per distinct payload).
-- Statement-level, so a bulk change is one message. A post's view counter is not what pages
-- show: an update of `views` (and the kept `updated_at`) names `blog_post_views` instead, which
-- only the public API's blog answers read.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_events', json_build_object(
    'channel', 'cache', 'type', 'content.changed',
    'data', json_build_object('table', coalesce(TG_ARGV[0], TG_TABLE_NAME))
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER services_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER team_members_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER company_stats_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER case_studies_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_studies"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_content_updated AFTER UPDATE OF
  "id", "title", "slug", "content", "excerpt", "category", "cover_image", "is_published", "published_at", "created_at"
  ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER blog_posts_views_counted AFTER UPDATE OF "views" ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('blog_post_views');
