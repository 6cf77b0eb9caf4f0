/**
 * The newsletter lifecycle (docs/product.md §4.1: pending → active → unsubscribed, double opt-in):
 * subscribe, confirm, unsubscribe, manage, export, erase, and the purge of stale pending rows.
 * Each operation runs in one transaction with its emails (outbox) and events, so a subscriber
 * never exists without the email that lets them confirm. Times come from the injected `now()`.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterManageRequest,
  type NewsletterSubscribeRequest,
} from '#common/schemas/newsletter.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { emailOutbox, type NewsletterSubscription, newsletterSubscriptions, rateLimits } from '#db/schema.ts';
import type { AppDeps } from '../app-deps.ts';
import { repeatEvery } from '../background/repeat.ts';
import type { Outbox } from '../email/outbox.ts';
import type { renderTemplate } from '../email/templates.ts';
import type { KeptMessage, MailTransport } from '../email/transport.ts';
import { type ConversionSource, NO_SOURCE } from '../leads/attribution.ts';
import type { Logger } from '../logger.ts';
import { queuePush } from '../push/notify.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { hitRateLimit } from '../security/rate-limit.ts';
import { sendConfirmation, sendToSubscriber } from './subscriber-emails.ts';
import { closeConfirmTokens, findToken } from './tokens.ts';

/** Pending subscribers who never confirmed are deleted after this long (data minimisation). */
export const PENDING_RETENTION_MS = 30 * 24 * 60 * 60_000;

export type NewsletterDeps = {
  db: Database;
  outbox: Outbox;
  render: typeof renderTemplate;
  events: Pick<EventBus, 'publish'>;
  publicUrl: string;
  logger: Logger;
  /** Where sent emails may be kept (.eml files): an erased subscriber's copies are deleted. */
  transport: Pick<MailTransport, 'forget'>;
  now?: () => Date;
};

export type ConsentContext = { ip?: string; userAgent?: string };

/** What is kept of a consent: the server's wording and version, never a text sent by the client. */
const consentProof = (consent: ConsentContext) => ({
  consentIp: consent.ip ?? null,
  consentUserAgent: consent.userAgent?.slice(0, 500) ?? null,
  consentText: NEWSLETTER_CONSENT_TEXT,
  consentVersion: NEWSLETTER_CONSENT_VERSION,
});

/**
 * The newsletter's emails an address may get only a few of an hour, by the prefix of their
 * rate-limit key: the answers to a sign-up (the confirmation, first, resent or sent on an import,
 * and the "déjà inscrit(e)" email of a subscribed address: one count whatever the address's state,
 * so the cap tells nothing either) and the manage link.
 */
const ADDRESS_CAPS = {
  'newsletter-confirm': RATE_LIMITS.newsletterConfirmResendPerAddress,
  'newsletter-manage': RATE_LIMITS.newsletterManageLinkPerAddress,
} as const;
type AddressCap = keyof typeof ADDRESS_CAPS;

const addressCapKey = (cap: AddressCap, address: string) => `${cap}:${address}`;

/** Counts one more email of that kind to that address; false when its hourly cap is reached. */
async function withinAddressCap(tx: Database, cap: AddressCap, address: string, at: Date): Promise<boolean> {
  const limit = await hitRateLimit(tx, addressCapKey(cap, address), ADDRESS_CAPS[cap], at);
  return limit.allowed;
}

/** What a subscriber may download about themselves (no internal ids, no token hashes). */
export type SubscriberExport = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  tags: string[];
  status: string;
  source: string;
  isActive: boolean;
  subscribedAt: string | null;
  createdAt: string;
  updatedAt: string;
  consent: {
    consentAt: string | null;
    ip: string | null;
    userAgent: string | null;
    text: string | null;
    version: string | null;
    source: string;
  };
  exportedAt: string;
};

export type Preferences = { email: string; firstName: string; tags: string[]; status: string };

const preferencesOf = (row: NewsletterSubscription): Preferences => ({
  email: row.email,
  firstName: row.firstName ?? '',
  tags: row.tags,
  status: row.status,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the admin list and the subscriber's own export both show of a subscription, in this order. */
export const subscriberFields = (row: NewsletterSubscription) => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  locale: row.locale,
  tags: row.tags,
  status: row.status,
  source: row.source,
});

export function toExport(row: NewsletterSubscription, now: Date): SubscriberExport {
  return {
    ...subscriberFields(row),
    isActive: row.isActive,
    subscribedAt: iso(row.subscribedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    consent: {
      consentAt: iso(row.consentAt),
      ip: row.consentIp,
      userAgent: row.consentUserAgent,
      text: row.consentText,
      version: row.consentVersion,
      source: row.source,
    },
    exportedAt: now.toISOString(),
  };
}

/** The newsletter's dependencies, resolved: its clock and its own logger. */
type Run = Omit<NewsletterDeps, 'now'> & { now: () => Date };

/** Finds the row of `email`, locked for the transaction. */
async function lockedSubscriber(tx: Database, email: string): Promise<NewsletterSubscription | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email))
    .for('update');
  return row;
}

/**
 * A new address's pending row, with the request's context until the confirmation replaces it
 * with its own; undefined when a concurrent sign-up of the same address created it first.
 */
async function insertPending(
  tx: Database,
  request: NewsletterSubscribeRequest,
  consent: ConsentContext,
  reviewReason: string | null,
  source: ConversionSource,
  at: Date,
): Promise<NewsletterSubscription | undefined> {
  // A concurrent subscribe of the same address waits on the unique index, then finds the row.
  const [created] = await tx
    .insert(newsletterSubscriptions)
    .values({
      email: request.email,
      status: 'pending',
      createdAt: at,
      source: request.source,
      locale: request.locale,
      firstName: request.firstName || null,
      ...consentProof(consent),
      reviewReason,
      attribution: source.attribution,
      trafficSource: source.trafficSource,
    })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning();
  return created;
}

/**
 * The answer to a sign-up of a known address. Whatever the address's state, the same answer and
 * the same work (a count, tokens, one email queued): the form must not reveal whether the address
 * is known or subscribed.
 */
async function answerKnownAddress(
  run: Run,
  tx: Database,
  existing: NewsletterSubscription,
  reviewReason: string | null,
  at: Date,
): Promise<{ emailSent: boolean }> {
  if (!(await withinAddressCap(tx, 'newsletter-confirm', existing.email, at))) {
    run.logger.info({ subscriberId: existing.id }, 'sign-up email skipped: hourly cap reached');
    return { emailSent: false };
  }
  if (existing.status === 'active') {
    // Already subscribed: nothing changes, and the owner is told by email, with a manage link.
    await sendToSubscriber(run, tx, existing, 'newsletter_already_subscribed', at);
    return { emailSent: true };
  }
  // Pending: a resend; unsubscribed or bounced: a new opt-in. Anyone can type an address,
  // so nothing recorded about the person changes here (proof of an earlier consent, name):
  // only their click on the confirmation link does (confirm).
  const [updated] = await tx
    .update(newsletterSubscriptions)
    .set({
      status: 'pending',
      isActive: true,
      subscribedAt: null,
      ...(reviewReason ? { reviewReason } : {}),
    })
    .where(eq(newsletterSubscriptions.id, existing.id))
    .returning();
  if (!updated) throw new Error('newsletter subscription vanished during subscribe');
  await sendConfirmation(run, tx, updated, at);
  return { emailSent: true };
}

/**
 * Starts (or restarts) the double opt-in; a subscribed address gets the "déjà inscrit(e)" email
 * instead. Returns whether an email was queued; the caller answers `{ requiresConfirmation:
 * true }` either way (docs/product.md §8.3).
 */
function subscribe(
  run: Run,
  request: NewsletterSubscribeRequest,
  consent: ConsentContext,
  /** Why the sign-up is kept "À vérifier" (docs/decisions/083), or null. */
  reviewReason: string | null = null,
  /**
   * The visit that brought the sign-up (docs/decisions/084-first-party-audience.md): stored on
   * the row it creates only. A known address keeps the source of the sign-up that created its
   * row, the one the Audience screen counts (by the row's creation); anyone may type an
   * address, and a later form does not rewrite what an earlier one recorded.
   */
  source: ConversionSource = NO_SOURCE,
): Promise<{ emailSent: boolean }> {
  return inTransaction(run.db, async (tx) => {
    const at = run.now();
    let existing = await lockedSubscriber(tx, request.email);
    if (!existing) {
      const created = await insertPending(tx, request, consent, reviewReason, source, at);
      if (created) {
        // Counted like every answer to a sign-up, though a new address always gets its
        // confirmation (its counter was forgotten with any earlier row of that address).
        await withinAddressCap(tx, 'newsletter-confirm', created.email, at);
        await sendConfirmation(run, tx, created, at);
        return { emailSent: true };
      }
      existing = await lockedSubscriber(tx, request.email);
      if (!existing) throw new Error('newsletter subscription vanished during subscribe');
    }
    return answerKnownAddress(run, tx, existing, reviewReason, at);
  });
}

/**
 * Double opt-in, second step: only ever from a POST (mail scanners follow GET links). The
 * proof of consent is this click (ASVS 14, GDPR art. 7(1)): when, from where, and the
 * server's own wording and version.
 */
function confirm(run: Run, token: string, consent: ConsentContext): Promise<{ email: string }> {
  return inTransaction(run.db, async (tx) => {
    const at = run.now();
    const { subscriber } = await findToken(tx, token, ['confirm'], at);
    await closeConfirmTokens(tx, subscriber.id, at);
    const [active] = await tx
      .update(newsletterSubscriptions)
      .set({
        status: 'active',
        isActive: true,
        subscribedAt: at,
        consentAt: at,
        ...consentProof(consent),
      })
      .where(eq(newsletterSubscriptions.id, subscriber.id))
      .returning();
    if (!active) throw new Error('newsletter subscription vanished during confirm');
    await sendToSubscriber(run, tx, active, 'newsletter_welcome', at);
    // Kept "À vérifier" (docs/decisions/083): the staff hear of it when one of them clears it.
    if (active.reviewReason === null) await announceSubscriber(tx, run.events, active);
    return { email: active.email };
  });
}

/** Idempotent: a second one-click (or a mail client retrying) is answered the same. */
function unsubscribe(run: Run, token: string): Promise<{ email: string }> {
  return inTransaction(run.db, async (tx) => {
    const at = run.now();
    const { subscriber } = await findToken(tx, token, ['unsubscribe', 'manage'], at);
    await closeConfirmTokens(tx, subscriber.id, at);
    if (subscriber.status !== 'unsubscribed') {
      await tx
        .update(newsletterSubscriptions)
        .set({ status: 'unsubscribed', isActive: false })
        .where(eq(newsletterSubscriptions.id, subscriber.id));
    }
    return { email: subscriber.email };
  });
}

function preferences(run: Run, token: string): Promise<Preferences> {
  return inTransaction(run.db, async (tx) => {
    const { subscriber } = await findToken(tx, token, ['manage'], run.now());
    return preferencesOf(subscriber);
  });
}

function updatePreferences(run: Run, request: NewsletterManageRequest): Promise<Preferences> {
  return inTransaction(run.db, async (tx) => {
    const { subscriber } = await findToken(tx, request.token, ['manage'], run.now());
    const [updated] = await tx
      .update(newsletterSubscriptions)
      .set({ firstName: request.firstName || null, tags: request.tags })
      .where(eq(newsletterSubscriptions.id, subscriber.id))
      .returning();
    if (!updated) throw new Error('newsletter subscription vanished during update');
    return preferencesOf(updated);
  });
}

function exportData(run: Run, token: string): Promise<SubscriberExport> {
  return inTransaction(run.db, async (tx) => {
    const at = run.now();
    const { subscriber } = await findToken(tx, token, ['manage'], at);
    return toExport(subscriber, at);
  });
}

/** Deletes the subscriber; their tokens go with them (foreign key cascade). */
async function erase(run: Run, token: string): Promise<void> {
  const { subscriber } = await inTransaction(run.db, (tx) => findToken(tx, token, ['manage'], run.now()));
  await eraseSubscriber(run.db, subscriber.id, run.transport);
  run.logger.info({ subscriberId: subscriber.id }, 'subscriber erased at their request');
}

/**
 * "Recevoir un nouveau lien" on an expired or lost manage link: a fresh manage link by email
 * to a known address (active or pending), at most a few an hour per address. Whether the
 * address is known is never told: the caller answers the same either way.
 */
function sendManageLink(run: Run, email: string): Promise<{ emailSent: boolean }> {
  return inTransaction(run.db, async (tx) => {
    const at = run.now();
    const [subscriber] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email.toLowerCase()))
      .for('update');
    if (!subscriber || (subscriber.status !== 'active' && subscriber.status !== 'pending')) {
      return { emailSent: false };
    }
    if (!(await withinAddressCap(tx, 'newsletter-manage', subscriber.email, at))) {
      run.logger.info({ subscriberId: subscriber.id }, 'manage link not sent: hourly cap reached');
      return { emailSent: false };
    }
    await sendToSubscriber(run, tx, subscriber, 'newsletter_manage_link', at);
    return { emailSent: true };
  });
}

/**
 * The admin import, inside the caller's transaction: stores the addresses not known yet (a
 * known one is left alone) and returns those it created. Without declared consent a row is
 * pending and gets the very confirmation email of the public form, counted in the
 * per-address resend cap, so the person still has to click; with declared consent it is
 * active at once, with that declaration kept as the proof of consent.
 */
async function addImported(
  run: Run,
  tx: Database,
  entries: ImportedAddress[],
  at: Date,
): Promise<Set<string>> {
  const created: NewsletterSubscription[] = [];
  // Several rows per statement: an import may hold thousands of addresses.
  for (let i = 0; i < entries.length; i += 500) {
    const rows = await tx
      .insert(newsletterSubscriptions)
      .values(
        entries.slice(i, i + 500).map((entry) => {
          const consented = entry.declaredConsent !== undefined;
          return {
            email: entry.email,
            firstName: entry.firstName ?? null,
            lastName: entry.lastName ?? null,
            tags: entry.tags,
            source: 'import',
            status: consented ? ('active' as const) : ('pending' as const),
            consentAt: consented ? at : null,
            subscribedAt: consented ? at : null,
            consentText: entry.declaredConsent ?? entry.pendingNote ?? null,
            createdAt: at,
          };
        }),
      )
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning();
    created.push(...rows);
  }
  for (const row of created) {
    if (row.status !== 'pending') continue;
    if (await withinAddressCap(tx, 'newsletter-confirm', row.email, at))
      await sendConfirmation(run, tx, row, at);
    else run.logger.info({ subscriberId: row.id }, 'imported address: confirmation skipped, hourly cap');
  }
  return new Set(created.map((row) => row.email));
}

export type Newsletter = ReturnType<typeof createNewsletter>;

/** `fn` given the newsletter's dependencies. */
const withRun =
  <A extends unknown[], R>(run: Run, fn: (run: Run, ...args: A) => R) =>
  (...args: A): R =>
    fn(run, ...args);

/**
 * The newsletter bound to its dependencies: subscribe, confirm, unsubscribe, manage, export,
 * erase, the manage link, the purge and the admin import (each a plain function above).
 */
export function createNewsletter(deps: NewsletterDeps) {
  const run: Run = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    logger: deps.logger.child({ component: 'newsletter' }),
  };
  return {
    subscribe: withRun(run, subscribe),
    confirm: withRun(run, confirm),
    unsubscribe: withRun(run, unsubscribe),
    preferences: withRun(run, preferences),
    updatePreferences: withRun(run, updatePreferences),
    exportData: withRun(run, exportData),
    erase: withRun(run, erase),
    sendManageLink: withRun(run, sendManageLink),
    purgeStalePending: () => purgeStalePending(run.db, run.now(), run.transport),
    addImported: withRun(run, addImported),
  };
}

/**
 * Tells the staff of a confirmed subscriber (push and live event), in the caller's transaction:
 * at the confirmation, or when an admin says a sign-up kept "À vérifier" is not spam. The push is
 * deduplicated by the subscriber's id.
 */
export async function announceSubscriber(
  tx: Database,
  events: Pick<EventBus, 'publish'>,
  subscriber: NewsletterSubscription,
): Promise<void> {
  await queuePush(tx, {
    key: `subscriber:${subscriber.id}:confirmed`,
    title: 'Nouvel abonné à la newsletter',
    body: subscriber.firstName ? `${subscriber.firstName} (${subscriber.email})` : subscriber.email,
    url: '/admin/newsletter',
  });
  await events.publish(tx, {
    channel: 'newsletter',
    type: 'new_subscription',
    data: { email: subscriber.email },
  });
}

/** One address of an admin import (see `addImported`). */
export type ImportedAddress = {
  email: string;
  firstName?: string;
  lastName?: string;
  tags: string[];
  /** The consent the admin declared (stored as the proof); undefined means double opt-in. */
  declaredConsent?: string;
  /** What is stored as consentText while the person has not confirmed yet. */
  pendingNote?: string;
};

/** For the admin screen too: the subscriber's data as they would download it. */
export async function exportSubscriber(db: Database, id: string, now = new Date()) {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  return row ? toExport(row, now) : undefined;
}

/**
 * Everything we hold for these addresses besides the subscriber row, inside the caller's
 * transaction: the emails (confirmation, welcome, newsletters: sent or queued) and the per-address
 * rate-limit counter. Returns the deleted emails, whose kept copies (.eml files) go after commit.
 */
async function forgetAddresses(tx: Database, addresses: string[]): Promise<KeptMessage[]> {
  if (addresses.length === 0) return [];
  await tx.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      addresses.flatMap((address) =>
        (Object.keys(ADDRESS_CAPS) as AddressCap[]).map((cap) => addressCapKey(cap, address)),
      ),
    ),
  );
  return tx
    .delete(emailOutbox)
    .where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses))
    .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt });
}

/**
 * Erases a subscriber and every copy of their address and data (GDPR art. 17). `alsoErasing`
 * runs in the same transaction once the row is gone (the admin's log entry, say).
 */
export async function eraseSubscriber(
  db: Database,
  id: string,
  transport: Pick<MailTransport, 'forget'>,
  alsoErasing?: (tx: Database, email: string) => Promise<void>,
): Promise<boolean> {
  const { erased, emails } = await inTransaction(db, async (tx) => {
    const deleted = await tx
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .returning({ email: newsletterSubscriptions.email });
    const emails = await forgetAddresses(
      tx,
      deleted.map((d) => d.email.toLowerCase()),
    );
    for (const { email } of deleted) await alsoErasing?.(tx, email);
    return { erased: deleted.length > 0, emails };
  });
  await transport.forget(emails);
  return erased;
}

/**
 * Deletes pending subscribers untouched for 30 days: nobody confirmed, so there is no consent to
 * keep their address. `updatedAt` rather than `createdAt`: a former subscriber who opts in again
 * gets their 30 days from that new request. Returns how many were deleted.
 */
export async function purgeStalePending(
  db: Database,
  now: Date,
  transport: Pick<MailTransport, 'forget'>,
): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_RETENTION_MS);
  const { count, emails } = await inTransaction(db, async (tx) => {
    const deleted = await tx
      .delete(newsletterSubscriptions)
      .where(
        and(eq(newsletterSubscriptions.status, 'pending'), lt(newsletterSubscriptions.updatedAt, cutoff)),
      )
      .returning({ email: newsletterSubscriptions.email });
    // Their unanswered confirmation emails go too: nobody agreed to keep these addresses.
    const emails = await forgetAddresses(
      tx,
      deleted.map((d) => d.email.toLowerCase()),
    );
    return { count: deleted.length, emails };
  });
  await transport.forget(emails);
  return count;
}

/** Runs the purge every hour (and once shortly after start); `stop()` clears the timer. */
export function startPendingPurge(
  db: Database,
  logger: Logger,
  transport: Pick<MailTransport, 'forget'>,
  intervalMs = 60 * 60_000,
) {
  const run = async () => {
    try {
      const purged = await purgeStalePending(db, new Date(), transport);
      if (purged > 0) logger.info({ purged }, 'stale pending newsletter subscribers purged');
    } catch (error) {
      logger.error({ err: error }, 'newsletter pending purge failed');
    }
  };
  return repeatEvery(run, intervalMs);
}

/** The newsletter bound to the process's dependencies (app-deps.ts): for the API and for the pages' actions. */
export function newsletterFromDeps(deps: AppDeps): Newsletter {
  return createNewsletter({
    db: deps.database.db,
    outbox: deps.email.outbox,
    render: deps.email.renderTemplate,
    events: deps.events,
    publicUrl: deps.env.PUBLIC_URL,
    logger: deps.logger,
    transport: deps.email.transport,
  });
}
