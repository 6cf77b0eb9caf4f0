-- The campaign block composer (docs/decisions/073-campaign-composer.md): a campaign written in
-- blocks keeps them, the MJML made of them and its compiled HTML. Null for a campaign on a template.
ALTER TABLE "email_campaigns" ADD COLUMN "blocks" jsonb;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "body_mjml" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "compiled_html" text;