-- Discovery-call booking (docs/decisions/075-call-slots.md): who is bookable, their weekly hours
-- and days off, and the booked calls; partial unique indexes make a slot bookable once.
CREATE TABLE "booking_days_off" (
	"admin_id" uuid NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "booking_hours_weekday" CHECK ("booking_hours"."weekday" between 1 and 7),
	CONSTRAINT "booking_hours_range" CHECK ("booking_hours"."start_minute" >= 0 and "booking_hours"."start_minute" < "booking_hours"."end_minute" and "booking_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "call_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"visitor_time_zone" text DEFAULT 'Africa/Kinshasa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "bookable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_days_off" ADD CONSTRAINT "booking_days_off_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_bookings" ADD CONSTRAINT "call_bookings_contact_id_contact_requests_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_bookings" ADD CONSTRAINT "call_bookings_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_days_off_admin_day" ON "booking_days_off" USING btree ("admin_id","day");--> statement-breakpoint
CREATE INDEX "booking_hours_admin_idx" ON "booking_hours" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_bookings_admin_start" ON "call_bookings" USING btree ("admin_id","starts_at") WHERE "call_bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "call_bookings_contact" ON "call_bookings" USING btree ("contact_id") WHERE "call_bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "call_bookings_starts_at_idx" ON "call_bookings" USING btree ("starts_at");