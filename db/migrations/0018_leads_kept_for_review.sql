-- Why a lead or a newsletter sign-up is kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md).
ALTER TABLE "contact_requests" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "review_reason" text;