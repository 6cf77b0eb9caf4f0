-- Following a lead (docs/decisions/066-lead-follow-up.md): an owner and a next action on the lead,
-- its timeline of notes and actions with who and when, and when the staff were reminded of it.
CREATE TABLE "contact_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "next_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "next_action_note" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_contact_id_contact_requests_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_notes_contact_created_at_idx" ON "contact_notes" USING btree ("contact_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_owner_id_admin_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_next_action_at_idx" ON "contact_requests" USING btree ("next_action_at");--> statement-breakpoint
-- The leads already unanswered when this arrives are not reminded all at once: only those to come.
UPDATE "contact_requests" SET "reminded_at" = now() WHERE "status" = 'nouveau' AND "created_at" < now() - interval '24 hours';
