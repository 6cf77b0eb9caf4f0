-- The audience fold becomes incremental: its memory of each visitor of the day being folded (docs/decisions/084-first-party-audience.md).
CREATE TABLE "audience_visitors" (
	"day" text NOT NULL,
	"visitor_key" text NOT NULL,
	"visit_start" timestamp with time zone NOT NULL,
	"last_view_at" timestamp with time zone NOT NULL,
	"visit_pageviews" integer NOT NULL,
	"visit_engaged_ms" bigint NOT NULL,
	"entry" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text,
	"device" text NOT NULL,
	"country" text,
	"browser" text NOT NULL,
	"visit_pages" text[] NOT NULL,
	"pages" text[] NOT NULL,
	"seen" text[] NOT NULL,
	CONSTRAINT "audience_visitors_day_visitor_key_pk" PRIMARY KEY("day","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "audience_folds" ADD COLUMN "folded_until" timestamp with time zone;