-- First-party, cookieless audience measurement and the conversions' attribution (docs/decisions/084-first-party-audience.md).
CREATE TABLE "audience_daily" (
	"day" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"engaged_ms" bigint NOT NULL,
	CONSTRAINT "audience_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "audience_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audience_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" text NOT NULL,
	"visitor_key" text NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"source" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"country" text,
	"engaged_ms" integer
);
--> statement-breakpoint
CREATE TABLE "audience_folds" (
	"day" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"engaged_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_bookings" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "call_bookings" ADD COLUMN "traffic_source" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "traffic_source" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "traffic_source" text;--> statement-breakpoint
CREATE INDEX "audience_daily_dimension_day_idx" ON "audience_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "audience_events_at_brin" ON "audience_events" USING brin ("at");--> statement-breakpoint
CREATE INDEX "contact_requests_traffic_source_idx" ON "contact_requests" USING btree ("traffic_source","created_at");--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_utmCampaign_unique" UNIQUE("utm_campaign");