CREATE TABLE "client_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"website_url" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_logos_order_non_negative" CHECK ("client_logos"."order" >= 0)
);
--> statement-breakpoint
CREATE INDEX "client_logos_order_idx" ON "client_logos" USING btree ("order");--> statement-breakpoint
-- The public pages' response cache drops the answers that showed client logos (migration 0006).
CREATE TRIGGER client_logos_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_logos"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
