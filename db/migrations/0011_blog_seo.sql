-- A post's description for search engines and shared links, and its cover's alt text
-- (docs/decisions/071-blog-seo.md). Empty: the excerpt and a sentence made from the title.
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_alt" text DEFAULT '' NOT NULL;