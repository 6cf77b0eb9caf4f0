/**
 * POST /api/webhooks/email (decision 018): delivery, bounce and complaint events from the SMTP
 * provider, in one generic shape that a small relay adapts each provider's format to:
 *
 *   { "events": [{ "type": "delivery" | "bounce" | "complaint", "messageId": "<...@...>",
 *                  "recipient": "a@b.cd", "bounceType"?: "hard" | "soft", "occurredAt"?: ISO }] }
 *
 * Authenticated by `Authorization: Bearer <EMAIL_WEBHOOK_SECRET>` (compared in constant time); no
 * session, no CSRF (a server calls it). Without the secret configured the endpoint does not exist
 * (404). Each event is matched to its campaign job by the Message-ID the campaign worker set,
 * recorded in email_events once (a provider retrying a delivery is not counted twice), and:
 * - a hard bounce (or a bounce without bounceType) marks the job `bounced` and the subscriber
 *   `bounced`: no campaign reaches them again;
 * - a complaint marks the job `complained` and unsubscribes the subscriber;
 * - a soft bounce or a delivery is only recorded.
 * Events whose Message-ID matches no campaign job (transactional emails, other senders) are
 * counted as unmatched and ignored.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { requiredText } from '#common/schemas/fields.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { campaignJobs, emailEvents, newsletterSubscriptions } from '#db/schema.ts';
import { HttpError, notFound, validationError } from '../errors.ts';
import type { Logger } from '../logger.ts';

export const EmailWebhookEventSchema = z.object({
  type: z.enum(['delivery', 'bounce', 'complaint'], {
    error: 'Type d’événement inconnu (delivery, bounce ou complaint)',
  }),
  messageId: requiredText(3, 998, {
    missing: 'Identifiant de message requis',
    long: 'Identifiant de message trop long',
  }),
  recipient: z
    .string({ error: 'Destinataire requis' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Email invalide' })
    .pipe(z.email({ error: 'Email invalide' })),
  bounceType: z.enum(['hard', 'soft'], { error: 'Type de rejet invalide (hard ou soft)' }).optional(),
  occurredAt: z.iso.datetime({ offset: true, error: 'Date invalide (ISO 8601 attendu)' }).optional(),
});
export type EmailWebhookEvent = z.infer<typeof EmailWebhookEventSchema>;

export const EmailWebhookBodySchema = z.object({
  events: z
    .array(EmailWebhookEventSchema, { error: 'La liste des événements est requise' })
    .min(1, { error: 'Aucun événement' })
    .max(500, { error: '500 événements au plus par requête' }),
});

export type EmailWebhookResult = {
  received: number;
  /** Events stored now. */
  recorded: number;
  /** Already stored (the provider sent them again). */
  duplicates: number;
  /** No campaign job has that Message-ID. */
  unmatched: number;
};

export type EmailWebhookDeps = {
  db: Database;
  logger: Logger;
  /** env.EMAIL_WEBHOOK_SECRET; unset disables the endpoint. */
  webhookSecret?: string;
  now?: () => Date;
};

const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'Authentification du webhook invalide.', undefined, {
    'WWW-Authenticate': 'Bearer',
  });

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares hashes, so neither the length nor the content of the secret leaks through timing. */
function hasSecret(req: Request, secret: string): boolean {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1].trim()), digest(secret));
}

/** Providers quote Message-IDs with or without the angle brackets the worker stores. */
function messageIdForms(messageId: string): string[] {
  const bare = messageId.replace(/^<+|>+$/g, '');
  return [...new Set([messageId, `<${bare}>`, bare])];
}

export function emailWebhookRouter(deps: EmailWebhookDeps): Router {
  const router = Router();
  const logger = deps.logger.child({ component: 'email-webhook' });
  const now = deps.now ?? (() => new Date());

  router.post('/webhooks/email', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!deps.webhookSecret) throw notFound();
    if (!hasSecret(req, deps.webhookSecret)) throw unauthorized();
    const parsed = EmailWebhookBodySchema.safeParse(req.body);
    if (!parsed.success) throw validationError(parsed.error);

    const result: EmailWebhookResult = {
      received: parsed.data.events.length,
      recorded: 0,
      duplicates: 0,
      unmatched: 0,
    };
    for (const event of parsed.data.events) {
      const outcome = await applyEvent(deps.db, event, now(), logger);
      result[outcome] += 1;
    }
    res.json(result);
  });

  return router;
}

/** One event in its own transaction, with the job row locked: a retry arriving at once waits. */
export function applyEvent(
  db: Database,
  event: EmailWebhookEvent,
  at: Date,
  logger: Logger,
): Promise<'recorded' | 'duplicates' | 'unmatched'> {
  return inTransaction(db, async (tx) => {
    const [job] = await tx
      .select()
      .from(campaignJobs)
      .where(inArray(campaignJobs.messageId, messageIdForms(event.messageId)))
      .limit(1)
      .for('update');
    if (!job?.messageId) return 'unmatched';

    const bounceType = event.type === 'bounce' ? (event.bounceType ?? 'hard') : undefined;
    const sameEvent = and(
      eq(emailEvents.campaignId, job.campaignId),
      eq(emailEvents.type, event.type),
      sql`${emailEvents.metaJson}->>'messageId' = ${job.messageId}`,
      bounceType ? sql`${emailEvents.metaJson}->>'bounceType' = ${bounceType}` : undefined,
    );
    if (await hasRow(tx, emailEvents, sameEvent)) return 'duplicates';

    await tx.insert(emailEvents).values({
      type: event.type,
      campaignId: job.campaignId,
      subscriberId: job.subscriberId,
      metaJson: {
        messageId: job.messageId,
        recipient: event.recipient,
        ...(bounceType ? { bounceType } : {}),
      },
      occurredAt: event.occurredAt ? new Date(event.occurredAt) : at,
    });

    /** Takes the subscriber off the list as `status`, if their current status is one `from` accepts. */
    const suppress = (status: 'bounced' | 'unsubscribed', from: SQL) =>
      tx
        .update(newsletterSubscriptions)
        .set({ status, isActive: false })
        .where(and(eq(newsletterSubscriptions.id, job.subscriberId), from));

    if (bounceType === 'hard') {
      // A complaint already said more than a bounce: the job keeps 'complained'.
      if (job.status !== 'complained') {
        await tx.update(campaignJobs).set({ status: 'bounced' }).where(eq(campaignJobs.id, job.id));
      }
      await suppress('bounced', ne(newsletterSubscriptions.status, 'bounced'));
      logger.info({ campaignId: job.campaignId, jobId: job.id }, 'hard bounce: subscriber suppressed');
    } else if (event.type === 'complaint') {
      await tx.update(campaignJobs).set({ status: 'complained' }).where(eq(campaignJobs.id, job.id));
      await suppress('unsubscribed', inArray(newsletterSubscriptions.status, ['active', 'pending']));
      logger.info({ campaignId: job.campaignId, jobId: job.id }, 'complaint: subscriber unsubscribed');
    }
    return 'recorded';
  });
}
