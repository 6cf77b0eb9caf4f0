/**
 * Subscriber enumeration (docs/product.md §8.3): the sign-up form must not tell anyone which
 * addresses are subscribed. An address unknown, pending (never confirmed), confirmed or
 * unsubscribed gets the very same answer (status, body, headers), and the server does the same
 * work for each (one count in the address's hourly cap, one email queued in the request's own
 * transaction), so no early return answers one class faster: the owner of a confirmed address is
 * told by email instead. The answers and the work are compared, not the clock: timing on a busy
 * machine would flake.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '#common/schemas/newsletter.ts';
import { emailOutbox, rateLimits } from '#db/schema.ts';
import { nextTestIp } from '../helpers/admin-session.ts';
import { insertActiveSubscriber, insertSubscriber } from '../helpers/factories.ts';
import { mailingAppContext } from '../helpers/seeded-database.ts';

const ctx = mailingAppContext();

type AddressClass = 'unknown' | 'pending' | 'confirmed' | 'unsubscribed';
const CLASSES: AddressClass[] = ['unknown', 'pending', 'confirmed', 'unsubscribed'];

/** Creates an address of that class (a fresh one for each call) and returns it. */
async function addressOf(kind: AddressClass, test: string): Promise<string> {
  const email = `${kind}-${test}@exemple.cd`;
  const db = ctx.database.db;
  if (kind === 'pending') await insertSubscriber(db, { email, status: 'pending', firstName: 'Awa' });
  if (kind === 'confirmed') await insertActiveSubscriber(db, { email, firstName: 'Awa' });
  if (kind === 'unsubscribed')
    await insertSubscriber(db, { email, status: 'unsubscribed', isActive: false, firstName: 'Awa' });
  return email;
}

const subscribe = (email: string) =>
  request(ctx.testApp.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', nextTestIp())
    .set('User-Agent', 'Mozilla/5.0')
    .send({ email, source: 'footer', locale: 'fr', consentText: NEWSLETTER_CONSENT_TEXT });

/** What a client sees of an answer: everything but the date and the CSP's per-answer nonce. */
function answerOf(res: request.Response) {
  const { date: _date, ...headers } = res.headers as Record<string, string>;
  const csp = headers['content-security-policy'];
  if (csp) headers['content-security-policy'] = csp.replace(/'nonce-[^']*'/g, "'nonce-…'");
  return { status: res.status, body: res.text, headers };
}

/** The emails queued to an address, by template. */
const queuedTo = async (email: string) =>
  (
    await ctx.database.db
      .select({ templateKey: emailOutbox.templateKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
  ).map((row) => row.templateKey);

async function capCount(email: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `newsletter-confirm:${email}`));
  return row?.count ?? 0;
}

describe('newsletter sign-up: no answer tells whether an address is known', () => {
  it('answers unknown, pending, confirmed and unsubscribed addresses byte for byte alike', async () => {
    const answers = new Map<AddressClass, ReturnType<typeof answerOf>>();
    for (const kind of CLASSES) answers.set(kind, answerOf(await subscribe(await addressOf(kind, 'answer'))));
    const unknown = answers.get('unknown');
    expect(unknown?.status).toBe(200);
    expect(unknown?.body).toBe('{"requiresConfirmation":true}');
    expect(unknown?.headers['cache-control']).toBe('no-store');
    expect(unknown?.headers['set-cookie']).toBeUndefined();
    for (const kind of CLASSES) expect(answers.get(kind), kind).toEqual(unknown);
  });

  it('does the same work for each: one count in the address cap and one email queued before answering', async () => {
    const emails = new Map<AddressClass, string>();
    for (const kind of CLASSES) {
      const email = await addressOf(kind, 'work');
      emails.set(kind, email);
      await subscribe(email).expect(200);
      expect(await capCount(email), kind).toBe(1);
      expect(await queuedTo(email), kind).toHaveLength(1);
    }
    // The email differs, and only its owner reads it: a confirmation, or "déjà inscrit(e)".
    expect(await queuedTo(emails.get('unknown') as string)).toEqual(['newsletter_confirmation']);
    expect(await queuedTo(emails.get('pending') as string)).toEqual(['newsletter_confirmation']);
    expect(await queuedTo(emails.get('unsubscribed') as string)).toEqual(['newsletter_confirmation']);
    expect(await queuedTo(emails.get('confirmed') as string)).toEqual(['newsletter_already_subscribed']);
  });

  it('reaches the hourly cap at the same request for each, and answers alike past it', async () => {
    const pastCap = new Map<AddressClass, ReturnType<typeof answerOf>>();
    for (const kind of CLASSES) {
      const email = await addressOf(kind, 'cap');
      const sent: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = answerOf(await subscribe(email));
        sent.push((await queuedTo(email)).length);
        if (i === 5) pastCap.set(kind, answer);
      }
      // 4 emails an hour per address, whatever its state: the cap tells nothing either.
      expect(sent, kind).toEqual([1, 2, 3, 4, 4, 4]);
    }
    for (const kind of CLASSES) expect(pastCap.get(kind), kind).toEqual(pastCap.get('unknown'));
  });
});
