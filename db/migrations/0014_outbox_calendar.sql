-- An outbox message may carry a calendar invitation (docs/decisions/076-call-invitation.md).
ALTER TABLE "email_outbox" ADD COLUMN "calendar" text;