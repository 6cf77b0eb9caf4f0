-- A lead's staff email is rendered by the email worker when it is sent, not in the request that
-- stores the lead (docs/decisions/033): the row keeps the template's variables, a plain subject and
-- text (sent as they are if the template cannot be rendered then), and no HTML until then.
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template_variables" jsonb;
