ALTER TABLE "contact_requests" ADD COLUMN "phone_raw" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;