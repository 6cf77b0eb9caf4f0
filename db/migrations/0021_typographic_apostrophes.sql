-- Every text the site writes uses the typographic apostrophe (’) between letters (docs/product.md §1.1). The email templates already in a database get it too, staff-edited ones included (only apostrophes between two letters change; their compiled HTML is rebuilt, marked with the old source's hash), and a call request's preferred part of the day takes the option's new spelling.
UPDATE "email_templates" SET
	"subject" = regexp_replace("subject", '(?<=[A-Za-zÀ-ÖØ-öø-ÿŒœ])''(?=[A-Za-zÀ-ÖØ-öø-ÿŒœ])', '’', 'g'),
	"mjml" = regexp_replace("mjml", '(?<=[A-Za-zÀ-ÖØ-öø-ÿŒœ])''(?=[A-Za-zÀ-ÖØ-öø-ÿŒœ])', '’', 'g')
WHERE "subject" LIKE '%''%' OR "mjml" LIKE '%''%';
--> statement-breakpoint
UPDATE "contact_requests" SET "call_preferred_time" = replace("call_preferred_time", '''', '’')
WHERE "call_preferred_time" LIKE '%''%';
