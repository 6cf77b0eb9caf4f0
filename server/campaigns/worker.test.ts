import { and, count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignInput } from '#common/schemas/campaigns.ts';
import type { DatabaseHandle } from '#db/client.ts';
import {
  activityLogs,
  campaignJobs,
  contentPublications,
  emailCampaigns,
  newsletterSubscriptions,
  subscriberTokens,
} from '#db/schema.ts';
import { createTestAdmin } from '#tests/helpers/admin-session.ts';
import { testCampaignWorker } from '#tests/helpers/campaign-worker.ts';
import {
  activitiesOfType,
  insertActiveSubscriber,
  insertSubscriber,
  seededTemplateId,
  storedRow,
} from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { type CapturedEmail, startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts';
import { currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { createMailTransport, type MailTransport } from '../email/transport.ts';
import { inspectToken } from '../newsletter/tokens.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import { createAnnouncement, listPendingPublications } from './announcements.ts';
import {
  CANCELLED_JOB_ERROR,
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  sendCampaignNow,
} from './campaigns.ts';
import { createCampaign, updateCampaign } from './drafts.ts';
import { type CampaignWorkerOptions, createRateLimiter, SKIPPED_JOB_ERRORS } from './worker.ts';

const logger = pino({ level: 'silent' });
const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const HOUR = 60 * 60_000;

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let transport: MailTransport;
let adminId: string;
let published: AppEvent[];
let clock: Date;
const now = () => new Date(clock.getTime());
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const events = {
  publish: async (_db: unknown, ...events: AppEvent[]) => {
    published.push(...events);
  },
};
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
  smtp = await startSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', logger });
  adminId = (await createTestAdmin(database.db)).user.id;
  published = [];
  clock = new Date('2026-03-02T09:00:00Z');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  transport.close();
  await smtp.close();
  await database.close();
});

const deps = () => ({ db: database.db, events, publicUrl: PUBLIC_URL });

function worker(overrides: Partial<CampaignWorkerOptions> = {}) {
  return testCampaignWorker({
    db: database.db,
    transport,
    events,
    publicUrl: PUBLIC_URL,
    concurrency: 2,
    now,
    // The limiter's waits move the test clock instead of the wall clock.
    sleep: async (ms) => advance(ms),
    random: () => 0.5,
    ...overrides,
  });
}

/** A ready campaign's fields, on the monthly newsletter's template, with `overrides` on top. */
async function campaignInput(overrides: Partial<CampaignInput> = {}): Promise<CampaignInput> {
  return {
    title: 'Newsletter de mars',
    subject: 'Les actus de mars, {{firstName}}',
    templateId: await seededTemplateId(database.db, 'monthly_newsletter'),
    segment: { tags: [], locale: undefined },
    content: { contentHtml: '<h2>Le mois en bref</h2><p>TikTok et WhatsApp Business</p>' },
    ...overrides,
  };
}

async function newCampaign(overrides: Partial<CampaignInput> = {}) {
  return createCampaign(database.db, await campaignInput(overrides), adminId);
}

const active = (overrides: Parameters<typeof insertActiveSubscriber>[1] = {}) =>
  insertActiveSubscriber(database.db, { subscribedAt: clock, consentAt: clock, ...overrides });

/** Four active subscribers (`${prefix}0@exemple.cd` to 3) and a campaign to them, sending started. */
async function sendingToFour(prefix: string) {
  for (let i = 0; i < 4; i += 1) await active({ email: `${prefix}${i}@exemple.cd` });
  const campaign = await newCampaign();
  await sendCampaignNow(deps(), campaign.id, adminId, now());
  return campaign;
}

/** The test's transport, running `action` once, right after the first message went out. */
function afterFirstSend(action: () => Promise<unknown>): MailTransport {
  let done = false;
  return {
    ...transport,
    async send(message) {
      const outcome = await transport.send(message);
      if (!done) {
        done = true;
        await action();
      }
      return outcome;
    },
  };
}

async function jobsOf(campaignId: string) {
  return database.db.select().from(campaignJobs).where(eq(campaignJobs.campaignId, campaignId));
}

const campaignRow = (id: string) =>
  storedRow(database.db, emailCampaigns, eq(emailCampaigns.id, id), `campaign ${id}`);

const recipients = (messages: CapturedEmail[]) => messages.flatMap((m) => m.envelope.to).sort();

function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

// Each test restores a database, seeds it and compiles a template: slow on a busy machine.
describe('campaign sending', { timeout: 60_000 }, () => {
  it('reaches exactly the active subscribers of the segment, once each, with one-click unsubscribe headers and personal links', async () => {
    const grace = await active({ email: 'grace@exemple.cd', firstName: 'Grâce', tags: ['pme', 'tech'] });
    const joel = await active({ email: 'joel@exemple.cd', tags: ['pme'] });
    await active({ email: 'ong@exemple.cd', tags: ['ong'] });
    await active({ email: 'anglais@exemple.cd', tags: ['pme'], locale: 'en' });
    await active({ email: 'desactive@exemple.cd', tags: ['pme'], isActive: false });
    await insertSubscriber(database.db, { email: 'attente@exemple.cd', tags: ['pme'], status: 'pending' });
    await insertSubscriber(database.db, { email: 'parti@exemple.cd', tags: ['pme'], status: 'unsubscribed' });
    await insertSubscriber(database.db, { email: 'rejet@exemple.cd', tags: ['pme'], status: 'bounced' });

    const campaign = await newCampaign({ segment: { tags: ['pme'], locale: 'fr' } });
    const sending = await sendCampaignNow(deps(), campaign.id, adminId, now());
    expect(sending.status).toBe('sending');
    expect(await jobsOf(campaign.id)).toHaveLength(2);

    const result = await worker().runOnce();
    expect(result).toMatchObject({ sent: 2, failed: 0, finished: 1 });
    expect(recipients(smtp.messages())).toEqual(['grace@exemple.cd', 'joel@exemple.cd']);

    const mail = await smtp.requireEmail('grace@exemple.cd');
    expect(mail.subject).toBe('Les actus de mars, Grâce');
    expect(mail.from).toBe('Lisanga Digital <newsletter@lisanga-digital.cd>');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(oneClick.startsWith(`${PUBLIC_URL}/api/newsletter/unsubscribe?token=`)).toBe(true);
    // The header's token is Grâce's own, and so are the links in the body.
    const unsubscribe = await inspectToken(database.db, tokenOf(oneClick), ['unsubscribe'], now());
    expect(unsubscribe.subscriber?.id).toBe(grace.id);
    const manageUrl = /https:\/\/\S+\/newsletter\/manage\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    if (!manageUrl) throw new Error(`no manage link in the text part: ${mail.text}`);
    const manage = await inspectToken(database.db, tokenOf(manageUrl), ['manage'], now());
    expect(manage.subscriber?.id).toBe(grace.id);
    expect(mail.text).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=${tokenOf(oneClick)}`);
    expect(mail.html).toContain('Le mois en bref');
    // The Message-ID is the one stored with the job before sending.
    const [graceJob] = (await jobsOf(campaign.id)).filter((j) => j.subscriberId === grace.id);
    expect(mail.messageId).toBe(graceJob?.messageId);
    expect(graceJob).toMatchObject({ status: 'sent', attempt: 1 });

    const done = await campaignRow(campaign.id);
    expect(done.status).toBe('sent');
    expect(done.sentAt?.toISOString()).toBe(clock.toISOString());
    expect(published).toContainEqual({
      channel: 'system',
      type: 'notification',
      data: { title: 'Campagne envoyée', message: '« Newsletter de mars » : 2 envoyés', level: 'success' },
    });
    expect(published).toContainEqual({ channel: 'dashboard', type: 'stats_update', data: {} });

    // Nothing more to send, and a second campaign reuses the same links instead of new tokens.
    expect(await worker().runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.messages()).toHaveLength(2);
    const second = await newCampaign({ title: 'Deuxième', segment: { tags: ['pme'], locale: 'fr' } });
    await sendCampaignNow(deps(), second.id, adminId, now());
    await worker().runOnce();
    const again = smtp.messages().filter((m) => m.envelope.to.includes('grace@exemple.cd'))[1];
    expect(again?.headers.get('list-unsubscribe')).toBe(mail.headers.get('list-unsubscribe'));
    const [tokens] = await database.db
      .select({ n: count() })
      .from(subscriberTokens)
      .where(eq(subscriberTokens.subscriberId, joel.id));
    expect(tokens?.n).toBe(2);
  });

  it('sends every job exactly once when the SMTP server fails for a while, with the same Message-ID on each attempt', async () => {
    for (let i = 0; i < 5; i += 1) await active({ email: `abonne${i}@exemple.cd` });
    const campaign = await newCampaign();
    await sendCampaignNow(deps(), campaign.id, adminId, now());

    smtp.failNext(7, 421);
    const w = worker({ concurrency: 1 });
    const first = await w.runOnce();
    expect(first.sent + first.retried).toBe(5);
    expect(first.retried).toBe(5);
    // Retries wait for their backoff: nothing is due right away.
    expect(await w.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    expect((await campaignRow(campaign.id)).status).toBe('sending');

    for (
      let hour = 0;
      hour < 3 && (await jobsOf(campaign.id)).some((j) => j.status === 'queued');
      hour += 1
    ) {
      advance(HOUR);
      await w.runOnce();
    }
    const jobs = await jobsOf(campaign.id);
    expect(jobs.every((j) => j.status === 'sent')).toBe(true);
    expect(jobs.map((j) => j.attempt).sort()).toEqual([2, 2, 2, 3, 3]);
    expect(recipients(smtp.messages())).toEqual([0, 1, 2, 3, 4].map((i) => `abonne${i}@exemple.cd`));
    for (const refused of smtp.refused()) {
      const delivered = smtp.messages().find((m) => m.envelope.to[0] === refused.envelope.to[0]);
      expect(delivered?.messageId).toBe(refused.messageId);
    }
    expect((await campaignRow(campaign.id)).status).toBe('sent');
  });

  it('records each job as sent before the SMTP server has its end: a process killed mid-send never sends it twice', async () => {
    const campaign = await sendingToFour('commit');
    const atCommit: { sent: number; delivered: number }[] = [];
    const committing: MailTransport = {
      ...transport,
      send: (message, options) =>
        transport.send(message, {
          commit: async () => {
            await options?.commit?.();
            const jobs = await jobsOf(campaign.id);
            atCommit.push({
              sent: jobs.filter((j) => j.status === 'sent').length,
              delivered: smtp.messages().length,
            });
          },
        }),
    };
    const result = await worker({ transport: committing, concurrency: 1 }).runOnce();
    expect(result).toMatchObject({ sent: 4, failed: 0, retried: 0 });
    // At each commit the job is already sent in the database, its message not yet on the server.
    expect(atCommit).toEqual([0, 1, 2, 3].map((n) => ({ sent: n + 1, delivered: n })));
    expect(recipients(smtp.messages())).toHaveLength(4);
  });

  it('gives a job up on a permanent refusal (5xx) and still ends the campaign as sent', async () => {
    await active({ email: 'refuse@exemple.cd' });
    await active({ email: 'accepte@exemple.cd' });
    const campaign = await newCampaign();
    await sendCampaignNow(deps(), campaign.id, adminId, now());
    smtp.failNext(1, 550);
    expect(await worker({ concurrency: 1 }).runOnce()).toMatchObject({ sent: 1, failed: 1, retried: 0 });
    const failed = (await jobsOf(campaign.id)).find((j) => j.status === 'failed');
    expect(failed?.lastError).toContain('550');
    expect((await campaignRow(campaign.id)).status).toBe('sent');
    expect(published).toContainEqual(
      expect.objectContaining({
        channel: 'system',
        data: expect.objectContaining({ message: '« Newsletter de mars » : 1 envoyé, 1 en échec' }),
      }),
    );
  });

  it('starts a scheduled campaign at its time, not before', async () => {
    await active({ email: 'programme@exemple.cd' });
    const campaign = await newCampaign();
    const scheduled = await scheduleCampaign(
      deps(),
      campaign.id,
      new Date(clock.getTime() + HOUR),
      adminId,
      now(),
    );
    expect(scheduled.status).toBe('scheduled');
    // The recipients are chosen when it starts: someone who subscribes before the time is in it,
    // someone who unsubscribes before the time is not.
    await active({ email: 'tardif@exemple.cd' });
    const leaving = await active({ email: 'parti-avant@exemple.cd' });
    await database.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', isActive: false })
      .where(eq(newsletterSubscriptions.id, leaving.id));

    const w = worker();
    advance(HOUR - 60_000);
    expect(await w.runOnce()).toMatchObject({ started: 0, sent: 0 });
    expect((await campaignRow(campaign.id)).status).toBe('scheduled');
    expect(smtp.messages()).toHaveLength(0);

    advance(60_000);
    expect(await w.runOnce()).toMatchObject({ started: 1, sent: 2, finished: 1 });
    expect(recipients(smtp.messages())).toEqual(['programme@exemple.cd', 'tardif@exemple.cd']);
    expect((await campaignRow(campaign.id)).status).toBe('sent');
    // An open campaign page follows it: started, then sent.
    const moves = published.filter((event) => event.type === 'campaign_update');
    expect(moves).toEqual([
      { channel: 'campaigns', type: 'campaign_update', data: { id: campaign.id, status: 'sending' } },
      { channel: 'campaigns', type: 'campaign_update', data: { id: campaign.id, status: 'sent' } },
    ]);
  });

  it('holds back a scheduled campaign edited into one not ready: back to the drafts, the staff told why', async () => {
    await active({ email: 'programme@exemple.cd' });
    const campaign = await newCampaign();
    await scheduleCampaign(deps(), campaign.id, new Date(clock.getTime() + HOUR), adminId, now());
    // Still editable while scheduled: an object that is only the first name is empty for some.
    const edited = await updateCampaign(
      database.db,
      campaign.id,
      await campaignInput({ subject: '{{firstName}}' }),
      adminId,
    );
    expect(edited.status).toBe('scheduled');

    advance(HOUR);
    expect(await worker().runOnce()).toMatchObject({ started: 0, sent: 0 });
    expect(smtp.messages()).toHaveLength(0);
    expect(await jobsOf(campaign.id)).toHaveLength(0);
    const held = await campaignRow(campaign.id);
    expect(held).toMatchObject({ status: 'draft', scheduledAt: null });
    const [log] = await activitiesOfType(database.db, 'campaign.held');
    expect(log?.title).toMatch(/«\sNewsletter de mars\s» suspendu\s: elle est revenue en brouillon$/);
    expect(log?.description).toMatch(/^L’objet est vide pour un abonné sans prénom/);
    expect(published).toContainEqual(
      expect.objectContaining({
        channel: 'system',
        data: expect.objectContaining({
          title: 'Campagne non envoyée',
          level: 'error',
          message: expect.stringMatching(
            /^«\sNewsletter de mars\s» est revenue en brouillon\s: L’objet est vide/,
          ),
        }),
      }),
    );
    expect(published).toContainEqual({
      channel: 'campaigns',
      type: 'campaign_update',
      data: { id: campaign.id, status: 'draft' },
    });
    // The next runs leave the draft alone.
    advance(HOUR);
    expect(await worker().runOnce()).toMatchObject({ started: 0, sent: 0 });
    expect((await campaignRow(campaign.id)).status).toBe('draft');
  });

  it('skips subscribers who left, bounced or were deactivated between the start and their turn', async () => {
    const stays = await active({ email: 'reste@exemple.cd' });
    const leaves = await active({ email: 'part@exemple.cd' });
    const bounces = await active({ email: 'rebond@exemple.cd' });
    const campaign = await newCampaign();
    await sendCampaignNow(deps(), campaign.id, adminId, now());
    await database.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', isActive: false })
      .where(eq(newsletterSubscriptions.id, leaves.id));
    await database.db
      .update(newsletterSubscriptions)
      .set({ status: 'bounced' })
      .where(eq(newsletterSubscriptions.id, bounces.id));

    expect(await worker().runOnce()).toMatchObject({ sent: 1, skipped: 2 });
    expect(recipients(smtp.messages())).toEqual(['reste@exemple.cd']);
    const jobs = await jobsOf(campaign.id);
    expect(jobs.find((j) => j.subscriberId === stays.id)?.status).toBe('sent');
    expect(jobs.find((j) => j.subscriberId === leaves.id)).toMatchObject({
      status: 'failed',
      lastError: SKIPPED_JOB_ERRORS.unsubscribed,
    });
    expect(jobs.find((j) => j.subscriberId === bounces.id)).toMatchObject({
      status: 'failed',
      lastError: SKIPPED_JOB_ERRORS.bounced,
    });
  });

  it('pausing stops the sending between two messages; resuming sends the rest', async () => {
    const campaign = await sendingToFour('pause');
    const pausing = afterFirstSend(() => pauseCampaign(database.db, campaign.id, adminId, now()));
    expect(await worker({ transport: pausing, concurrency: 1 }).runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.messages()).toHaveLength(1);
    const pausedRow = await campaignRow(campaign.id);
    expect(pausedRow.status).toBe('sending');
    expect(pausedRow.pausedAt).not.toBeNull();
    // While paused, nothing is claimed at all.
    expect(await worker().runOnce()).toMatchObject({ sent: 0 });

    await resumeCampaign(database.db, campaign.id, adminId);
    expect(await worker().runOnce()).toMatchObject({ sent: 3, finished: 1 });
    expect(recipients(smtp.messages())).toEqual([0, 1, 2, 3].map((i) => `pause${i}@exemple.cd`));
    expect((await campaignRow(campaign.id)).status).toBe('sent');
  });

  it('cancelling drops the queued jobs; the campaign ends sent if anything went out, failed otherwise', async () => {
    const campaign = await sendingToFour('annule');
    const cancelling = afterFirstSend(() =>
      cancelCampaign({ db: database.db, events }, campaign.id, adminId, now()),
    );
    await worker({ transport: cancelling, concurrency: 1 }).runOnce();
    expect(smtp.messages()).toHaveLength(1);
    const jobs = await jobsOf(campaign.id);
    expect(jobs.filter((j) => j.status === 'sent')).toHaveLength(1);
    expect(jobs.filter((j) => j.status === 'failed' && j.lastError === CANCELLED_JOB_ERROR)).toHaveLength(3);
    const row = await campaignRow(campaign.id);
    expect(row.status).toBe('sent');
    expect(row.cancelledAt).not.toBeNull();

    const untouched = await newCampaign({ title: 'Annulée tout de suite' });
    await sendCampaignNow(deps(), untouched.id, adminId, now());
    const ended = await cancelCampaign({ db: database.db, events }, untouched.id, adminId, now());
    expect(ended.status).toBe('failed');
    expect(await worker().runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.messages()).toHaveLength(1);
  });

  it('respects the configured rate: at 2 per second, 6 messages span at least 2.5 s', async () => {
    for (let i = 0; i < 6; i += 1) await active({ email: `rythme${i}@exemple.cd` });
    const campaign = await newCampaign();
    await sendCampaignNow(deps(), campaign.id, adminId, now());
    const sendTimes: number[] = [];
    const timed: MailTransport = {
      ...transport,
      send(message) {
        sendTimes.push(now().getTime());
        return transport.send(message);
      },
    };
    expect(await worker({ transport: timed, ratePerSecond: 2, concurrency: 1 }).runOnce()).toMatchObject({
      sent: 6,
    });
    sendTimes.sort((a, b) => a - b);
    expect((sendTimes.at(-1) ?? 0) - (sendTimes[0] ?? 0)).toBeGreaterThanOrEqual(2_500);
    for (let i = 1; i < sendTimes.length; i += 1) {
      expect((sendTimes[i] ?? 0) - (sendTimes[i - 1] ?? 0)).toBeGreaterThanOrEqual(500);
    }
  });

  it('an announcement lists its publications and marks them processed when it is sent', async () => {
    await active({ email: 'lecteur@exemple.cd' });
    const [post, study] = await database.db
      .insert(contentPublications)
      .values([
        {
          contentType: 'blog',
          contentId: crypto.randomUUID(),
          title: 'WhatsApp Business en RDC',
          url: `${PUBLIC_URL}/blog/whatsapp-business`,
          publishedAt: new Date('2026-03-01T08:00:00Z'),
        },
        {
          contentType: 'portfolio',
          contentId: crypto.randomUUID(),
          title: 'Étude de cas : Mbote Pay',
          url: `${PUBLIC_URL}/portfolio/mbote-pay`,
          publishedAt: new Date('2026-03-01T10:00:00Z'),
        },
      ])
      .returning();
    if (!post || !study) throw new Error('publications not inserted');
    expect((await listPendingPublications(database.db, PUBLIC_URL)).map((p) => p.id)).toEqual([
      study.id,
      post.id,
    ]);

    const campaign = await createAnnouncement(database.db, [post.id, study.id], adminId, PUBLIC_URL);
    expect(campaign).toMatchObject({
      status: 'draft',
      templateId: await seededTemplateId(database.db, 'content_announcement'),
    });
    expect(campaign.title).toBe('Annonce : 2 nouvelles publications');
    expect(campaign.content.publicationList).toContain(
      `WhatsApp Business en RDC : ${PUBLIC_URL}/blog/whatsapp-business`,
    );
    const linked = await database.db
      .select()
      .from(contentPublications)
      .where(eq(contentPublications.campaignId, campaign.id));
    expect(linked.map((p) => p.processed)).toEqual([false, false]);

    await sendCampaignNow(deps(), campaign.id, adminId, now());
    const processed = await database.db
      .select({ n: count() })
      .from(contentPublications)
      .where(and(eq(contentPublications.campaignId, campaign.id), eq(contentPublications.processed, true)));
    expect(processed[0]?.n).toBe(2);
    expect(await listPendingPublications(database.db, PUBLIC_URL)).toEqual([]);

    await worker().runOnce();
    const mail = await smtp.requireEmail('lecteur@exemple.cd');
    expect(mail.subject).toBe('Nouveau sur notre site : 2 nouvelles publications');
    expect(mail.html).toContain('« WhatsApp Business en RDC »');
  });
});

describe('createRateLimiter', () => {
  it('hands concurrent callers distinct slots 1/rate apart', async () => {
    let t = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter(
      4,
      () => new Date(t),
      async (ms) => {
        waits.push(ms);
      },
    );
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(waits).toEqual([250, 500]);
    t = 10_000;
    await limiter.acquire();
    expect(waits).toEqual([250, 500]);
  });
});

// Two instances need two connections to one server: only meaningful on PostgreSQL.
if (currentBackend() === 'postgres') {
  describe('campaign sending — several instances', { timeout: 60_000 }, () => {
    it('two workers on two connections racing over 40 jobs send each recipient exactly once', async () => {
      const other = await openSameDatabase(database, 4);
      const otherTransport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', logger });
      cleanups.push(async () => {
        otherTransport.close();
        await other.close();
      });

      for (let i = 0; i < 40; i += 1)
        await active({ email: `course${String(i).padStart(2, '0')}@exemple.cd` });
      const campaign = await newCampaign();
      await sendCampaignNow(deps(), campaign.id, adminId, now());

      // Small batches so the two workers interleave over the whole queue.
      const first = worker({ concurrency: 3, batchSize: 4 });
      const second = worker({
        db: other.db,
        transport: otherTransport,
        concurrency: 3,
        batchSize: 4,
        sleep: async () => {},
      });
      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
      expect(a.sent + b.sent).toBe(40);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(smtp.attempts()).toBe(40);
      const sent = recipients(smtp.messages());
      expect(new Set(sent).size).toBe(40);
      expect(sent).toHaveLength(40);
      expect((await campaignRow(campaign.id)).status).toBe('sent');
      expect(published.filter((e) => e.channel === 'system')).toHaveLength(1);
    });

    it('two instances reaching a scheduled campaign’s time start it once', async () => {
      const other = await openSameDatabase(database, 4);
      cleanups.push(() => other.close());
      for (let i = 0; i < 10; i += 1) await active({ email: `heure${i}@exemple.cd` });
      const campaign = await newCampaign();
      await scheduleCampaign(deps(), campaign.id, new Date(clock.getTime() + HOUR), adminId, now());
      advance(HOUR);

      const second = worker({ db: other.db, batchSize: 3, sleep: async () => {} });
      const [a, b] = await Promise.all([worker({ batchSize: 3 }).runOnce(), second.runOnce()]);
      expect(a.started + b.started).toBe(1);
      expect(a.sent + b.sent).toBe(10);
      expect(new Set(recipients(smtp.messages())).size).toBe(10);
      expect(smtp.attempts()).toBe(10);
      const starts = await database.db
        .select({ n: count() })
        .from(activityLogs)
        .where(eq(activityLogs.type, 'campaign.started'));
      expect(starts[0]?.n).toBe(1);
    });
  });
}
