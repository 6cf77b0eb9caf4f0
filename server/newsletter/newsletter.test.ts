import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  NewsletterSubscribeSchema,
} from '#common/schemas/newsletter.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox, newsletterSubscriptions, rateLimits, subscriberTokens } from '#db/schema.ts';
import { listEmlFiles } from '#tests/helpers/eml-outbox.ts';
import { subscriptionOf } from '#tests/helpers/factories.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { createOutbox } from '../email/outbox.ts';
import { compileTemplates, renderTemplate } from '../email/templates.ts';
import { createMailTransport, type MailTransport } from '../email/transport.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { seedDatabase } from '../seed.ts';
import { createNewsletter, exportSubscriber, purgeStalePending } from './newsletter.ts';
import { generateToken, hashToken } from './tokens.ts';

let database: DatabaseHandle;
let clock = new Date('2026-03-02T08:00:00Z');
let newsletter: ReturnType<typeof createNewsletter>;
/** Emails are kept as .eml files here, as on a machine without SMTP_URL. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-test-'));
let transport: MailTransport;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { content: false, adminPassword: 'correct-horse-battery' });
  await compileTemplates(database.db);
  const logger = createLogger(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  transport = createMailTransport({ dataDir, logger });
  newsletter = createNewsletter({
    db: database.db,
    outbox: createOutbox({ publicUrl: 'https://www.lisanga-digital.cd' }),
    render: renderTemplate,
    events: { publish: async () => {} },
    publicUrl: 'https://www.lisanga-digital.cd',
    logger,
    transport,
    now: () => clock,
  });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const request = (email: string) => NewsletterSubscribeSchema.parse({ email, source: 'website' });

/** The clear confirm token of the newest confirmation email queued for `to`. */
async function latestConfirmToken(to: string): Promise<string> {
  const rows = await database.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(sql`${emailOutbox.createdAt} desc`);
  for (const row of rows) {
    const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(row.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no confirmation for ${to}`);
}

const confirmationsTo = async (to: string) =>
  (
    await database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} = ${to} and ${emailOutbox.templateKey} = 'newsletter_confirmation'`)
  ).length;

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hex digest', () => {
    const { token, tokenHash } = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash).toBe(hashToken(token));
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateToken().token).not.toBe(token);
  });
});

describe('confirm token expiry (injected clock)', () => {
  it('is valid for 48 hours and refused after', async () => {
    await newsletter.subscribe(request('early@example.cd'), {});
    const token = await latestConfirmToken('early@example.cd');
    clock = new Date(clock.getTime() + 47 * 3_600_000);
    await newsletter.subscribe(request('late@example.cd'), {});
    const lateToken = await latestConfirmToken('late@example.cd');
    await expect(newsletter.confirm(token, {})).resolves.toEqual({ email: 'early@example.cd' });

    clock = new Date(clock.getTime() + 49 * 3_600_000);
    await expect(newsletter.confirm(lateToken, {})).rejects.toMatchObject({
      status: 410,
      code: 'token_expired',
    });
    await expect(newsletter.confirm(token, {})).rejects.toMatchObject({ status: 410, code: 'token_used' });
  });
});

describe('confirmation resends', () => {
  it('are capped at 4 an hour per address, the first one included, and allowed again the next hour', async () => {
    await newsletter.subscribe(request('resend@example.cd'), {});
    for (let i = 0; i < 6; i++) {
      await newsletter.subscribe(request('RESEND@example.cd'), {});
    }
    expect(await confirmationsTo('resend@example.cd')).toBe(4);
    clock = new Date(clock.getTime() + 61 * 60_000);
    await expect(newsletter.subscribe(request('resend@example.cd'), {})).resolves.toEqual({
      emailSent: true,
    });
    expect(await confirmationsTo('resend@example.cd')).toBe(5);
  });

  it('leave older confirm links usable until one of them confirms', async () => {
    await newsletter.subscribe(request('twice@example.cd'), {});
    const first = await latestConfirmToken('twice@example.cd');
    await newsletter.subscribe(request('twice@example.cd'), {});
    const second = await latestConfirmToken('twice@example.cd');
    expect(second).not.toBe(first);
    await newsletter.confirm(first, {});
    await expect(newsletter.confirm(second, {})).rejects.toMatchObject({ code: 'token_used' });
  });
});

describe('concurrent subscriptions of one address', () => {
  it('make one row, whatever the case of each request', async () => {
    const results = await Promise.all(
      ['race@example.cd', 'Race@example.cd', 'RACE@EXAMPLE.CD'].map((email) =>
        newsletter.subscribe(request(email), {}),
      ),
    );
    expect(results.filter((r) => r.emailSent).length).toBeGreaterThanOrEqual(1);
    const rows = await database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'race@example.cd'));
    expect(rows).toHaveLength(1);
  });
});

describe('purge of stale pending subscribers', () => {
  it('deletes pending rows older than 30 days and keeps the others', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const rows = await database.db
      .insert(newsletterSubscriptions)
      .values([
        { email: 'purge-old@example.cd', status: 'pending' },
        { email: 'purge-recent@example.cd', status: 'pending' },
        { email: 'purge-active@example.cd', status: 'active' },
        { email: 'purge-unsub@example.cd', status: 'unsubscribed' },
      ])
      .returning();
    // updatedAt is stamped by drizzle on update: set the ages with raw SQL.
    for (const row of rows) {
      const at = row.email === 'purge-recent@example.cd' ? recent : old;
      await database.db.execute(
        sql`update newsletter_subscriptions set updated_at = ${at}, created_at = ${at} where id = ${row.id}`,
      );
    }
    const oldId = rows.find((r) => r.email === 'purge-old@example.cd')?.id ?? '';
    await database.db
      .insert(subscriberTokens)
      .values({ subscriberId: oldId, type: 'confirm', tokenHash: 'x'.repeat(64) });
    // The confirmation emails never answered, one for the purged address and one for a kept one.
    const mail = (to: string) => ({
      messageId: `<${to}@test>`,
      toAddress: to,
      fromAddress: 'newsletter@lisanga-digital.cd',
      subject: 'Confirmez votre inscription',
      html: '<p>x</p>',
      textBody: 'x',
    });
    await database.db
      .insert(emailOutbox)
      .values([mail('purge-old@example.cd'), mail('purge-recent@example.cd')]);

    expect(await purgeStalePending(database.db, now, transport)).toBe(1);
    const mailsLeft = await database.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} like 'purge-%'`);
    expect(mailsLeft).toEqual([{ to: 'purge-recent@example.cd' }]);
    const left = (
      await database.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions)
    )
      .map((r) => r.email)
      .filter((e) => e.startsWith('purge-'))
      .sort();
    expect(left).toEqual(['purge-active@example.cd', 'purge-recent@example.cd', 'purge-unsub@example.cd']);
    // The tokens went with the row (cascade).
    expect(
      await database.db.select().from(subscriberTokens).where(eq(subscriberTokens.subscriberId, oldId)),
    ).toEqual([]);
  });
});

describe('export and erase', () => {
  it('export holds the consent proof; erase deletes the row and its tokens', async () => {
    // Asked twice (a resend): the per-address counter then holds the address too.
    for (let attempt = 0; attempt < 2; attempt++) {
      await newsletter.subscribe(
        NewsletterSubscribeSchema.parse({
          email: 'proof@example.cd',
          source: 'footer',
          consentText: 'En vous inscrivant, vous acceptez.',
        }),
        { ip: '10.9.9.9', userAgent: 'Firefox' },
      );
    }
    // The proof is the click on the confirmation link, from the person's phone.
    await newsletter.confirm(await latestConfirmToken('proof@example.cd'), {
      ip: '10.8.8.8',
      userAgent: 'Chrome Android',
    });
    const row = await subscriptionOf(database.db, 'proof@example.cd');
    if (!row) throw new Error('no row');
    const data = await exportSubscriber(database.db, row.id, clock);
    expect(data).toMatchObject({
      email: 'proof@example.cd',
      status: 'active',
      consent: {
        consentAt: clock.toISOString(),
        ip: '10.8.8.8',
        userAgent: 'Chrome Android',
        // The server's own wording and version, whatever the client sent.
        text: NEWSLETTER_CONSENT_TEXT,
        version: NEWSLETTER_CONSENT_VERSION,
        source: 'footer',
      },
    });
    expect(JSON.stringify(data)).not.toContain(row.id);

    const manage = (
      await database.db
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(
          sql`${emailOutbox.toAddress} = 'proof@example.cd' and ${emailOutbox.templateKey} = 'newsletter_welcome'`,
        )
    )[0]?.text.match(/\/newsletter\/manage\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!manage) throw new Error('no manage link');
    // Sent without SMTP: kept as .eml files, and the resend counter holds the address.
    const sent = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'proof@example.cd'));
    for (const { html, ...message } of sent) {
      if (html === null) throw new Error('newsletter emails are rendered when queued');
      await transport.send({ ...message, html });
    }
    const keptFor = async (to: string) =>
      (await listEmlFiles(dataDir)).filter((file) => file.email.to.includes(to));
    expect(await keptFor('proof@example.cd')).toHaveLength(3);
    expect(
      await database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'newsletter-confirm:proof@example.cd')),
    ).toHaveLength(1);

    await newsletter.erase(manage);
    expect(await keptFor('proof@example.cd')).toEqual([]);
    expect(
      await database.db.select().from(rateLimits).where(sql`${rateLimits.key} like '%proof@example.cd%'`),
    ).toEqual([]);
    expect(
      await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, row.id)),
    ).toEqual([]);
    expect(
      await database.db.select().from(subscriberTokens).where(eq(subscriberTokens.subscriberId, row.id)),
    ).toEqual([]);
    // No copy of their emails (confirmation, welcome) is kept either.
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'proof@example.cd')),
    ).toEqual([]);
  });
});

describe('proof of consent', () => {
  it('a subscription typed by someone else never overwrites the proof of an earlier consent or the name', async () => {
    const email = 'ancienne@example.cd';
    await newsletter.subscribe(NewsletterSubscribeSchema.parse({ email, firstName: 'Grâce' }), {
      ip: '10.1.1.1',
      userAgent: 'Firefox',
    });
    await newsletter.confirm(await latestConfirmToken(email), { ip: '10.1.1.2', userAgent: 'Firefox' });
    const before = await subscriptionOf(database.db, email);
    if (!before) throw new Error('no row');
    await database.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', isActive: false })
      .where(eq(newsletterSubscriptions.id, before.id));

    await newsletter.subscribe(
      NewsletterSubscribeSchema.parse({ email, firstName: 'Intrus', consentText: 'Texte inventé' }),
      { ip: '10.6.6.6', userAgent: 'curl' },
    );
    const pending = await subscriptionOf(database.db, email);
    expect(pending).toMatchObject({
      status: 'pending',
      firstName: 'Grâce',
      consentAt: before.consentAt,
      consentIp: '10.1.1.2',
      consentUserAgent: 'Firefox',
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
    });
  });
});
