CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote" text NOT NULL,
	"author_name" text NOT NULL,
	"author_role" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"logo_url" text,
	"case_study_id" uuid,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_order_non_negative" CHECK ("testimonials"."order" >= 0)
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_case_study_id_case_studies_id_fk" FOREIGN KEY ("case_study_id") REFERENCES "public"."case_studies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_order_idx" ON "testimonials" USING btree ("order");--> statement-breakpoint
CREATE INDEX "testimonials_case_study_idx" ON "testimonials" USING btree ("case_study_id");--> statement-breakpoint
-- The public pages' response cache drops the answers that showed testimonials (migration 0006).
CREATE TRIGGER testimonials_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
