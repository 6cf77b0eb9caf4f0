-- A call request keeps its preferred part of the day and urgency: the booking's slots follow them
-- (docs/decisions/077-call-booking.md). Earlier leads have no booking link, so none is backfilled.
ALTER TABLE "contact_requests" ADD COLUMN "call_preferred_time" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "call_urgency" text;
