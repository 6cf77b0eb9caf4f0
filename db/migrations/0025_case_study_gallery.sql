ALTER TABLE "case_studies" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "before_after" jsonb;