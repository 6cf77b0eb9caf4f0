/**
 * Values kept in memory until their table changes (server/cache/table-memo.ts), on a real database
 * with the change triggers of migrations 0006 and 0007 and the event bus listening.
 */
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '#common/schemas/public-api.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { adminUsers, blogPosts, bookingHours, emailTemplates } from '#db/schema.ts';
import { insertBookableAdmin, insertPost, insertService } from '#tests/helpers/factories.ts';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { startSmtpServer } from '#tests/helpers/smtp.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { AppDeps } from '../app-deps.ts';
import { anyoneBookable } from '../booking/desk/shared.ts';
import { CACHE_CHANNEL } from '../realtime/event-bus.ts';
import { seedDatabase } from '../seed.ts';
import { createTableMemo, type TableMemo } from './table-memo.ts';

let database: DatabaseHandle;
let deps: AppDeps;
let memo: TableMemo;

beforeEach(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { content: false, adminPassword: 'correct-horse-battery' });
  ({ deps } = createTestApp(database));
  memo = createTableMemo(deps.events);
  await deps.events.start();
});
afterEach(async () => {
  memo.close();
  await deps.events.stop();
  await database.close();
});

/** A loader that counts its reads of the lead template's subject. */
function subjectReader() {
  const reader = {
    reads: 0,
    load: async () => {
      reader.reads++;
      const [row] = await database.db
        .select({ subject: emailTemplates.subject })
        .from(emailTemplates)
        .where(eq(emailTemplates.key, 'lead_notification'));
      return row?.subject;
    },
  };
  return reader;
}

const renameSubject = (subject: string) =>
  database.db.update(emailTemplates).set({ subject }).where(eq(emailTemplates.key, 'lead_notification'));

describe('table memo', () => {
  it('reads once, keeps the value through changes to other tables, and reads again after its own table changed', async () => {
    const reader = subjectReader();
    const first = await memo.get('subject', ['email_templates'], reader.load);
    expect(await memo.get('subject', ['email_templates'], reader.load)).toBe(first);
    expect(reader.reads).toBe(1);

    await insertService(database.db, { title: 'Une autre table' });
    // The service's notification comes and goes; the memo keeps the subject.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await memo.get('subject', ['email_templates'], reader.load)).toBe(first);
    expect(reader.reads).toBe(1);

    await renameSubject('Nouvelle demande : {{fullName}}');
    // The change reaches the memo when its statement commits, through the database's notification.
    await expect
      .poll(() => memo.get('subject', ['email_templates'], reader.load))
      .toBe('Nouvelle demande : {{fullName}}');
    expect(reader.reads).toBe(2);
  });

  it('keeps nothing while the event bus does not listen (a change could not reach it)', async () => {
    await deps.events.stop();
    const reader = subjectReader();
    await memo.get('subject', ['email_templates'], reader.load);
    await memo.get('subject', ['email_templates'], reader.load);
    expect(reader.reads).toBe(2);
  });

  it('does not keep a value read while its table changed', async () => {
    const reader = subjectReader();
    // A second key kept before the change: it reads the new subject only once the memo has heard
    // the change (a key read for the first time after the commit would read it at once, heard or not).
    await memo.get('probe', ['email_templates'], subjectReader().load);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readReturned: () => void = () => {};
    const read = new Promise<void>((resolve) => {
      readReturned = resolve;
    });
    const reading = memo.get('subject', ['email_templates'], async () => {
      const value = await reader.load();
      readReturned();
      await gate;
      return value;
    });
    // The change commits once the read has its (old) value: on PostgreSQL the two statements go
    // through two connections, and a read sent first could still see the change.
    await read;
    await renameSubject('Pendant la lecture');
    // Wait until the change has been heard: the kept probe is dropped and read again.
    await expect
      .poll(() => memo.get('probe', ['email_templates'], subjectReader().load))
      .toBe('Pendant la lecture');
    release();
    const stale = await reading;
    expect(stale).not.toBe('Pendant la lecture');
    // The stale value was used once, not kept: the next get reads again.
    expect(await memo.get('subject', ['email_templates'], reader.load)).toBe('Pendant la lecture');
    expect(reader.reads).toBe(2);
  });
});

/**
 * Resolves once the memo has heard every change committed so far: a statement on another table
 * (its trigger fires even for no row) is notified after them, in commit order.
 */
async function everyChangeHeard() {
  let heard = false;
  const unsubscribe = deps.events.subscribe((event) => {
    if (
      event.channel === CACHE_CHANNEL &&
      event.type === 'content.changed' &&
      event.data.table === 'services'
    )
      heard = true;
  });
  await database.db.execute(sql`update services set title = title where false`);
  await expect.poll(() => heard).toBe(true);
  unsubscribe();
}

describe('whether anyone takes calls (asked by every call request)', () => {
  it('is read once, and again as soon as an account or its weekly hours change (migration 0031)', async () => {
    let reads = 0;
    const counted: TableMemo = {
      get: (key, tables, load) =>
        memo.get(key, tables, () => {
          reads++;
          return load();
        }),
      close: () => memo.close(),
    };
    const bookable = () => anyoneBookable({ memo: counted }, database.db);
    expect(await bookable()).toBe(false);
    expect(await bookable()).toBe(false);
    expect(reads).toBe(1);

    const admin = await insertBookableAdmin(database.db, { email: 'agenda@lisanga-digital.cd' });
    await expect.poll(bookable).toBe(true);
    await database.db.update(adminUsers).set({ bookable: false }).where(eq(adminUsers.id, admin.id));
    await expect.poll(bookable).toBe(false);
    await database.db.update(adminUsers).set({ bookable: true }).where(eq(adminUsers.id, admin.id));
    await expect.poll(bookable).toBe(true);
    await database.db.delete(bookingHours).where(eq(bookingHours.adminId, admin.id));
    await expect.poll(bookable).toBe(false);
    // Once every change has been heard (a late one drops the answer once more), the answer is kept:
    // read once for each state, not once per request.
    await everyChangeHeard();
    await bookable();
    const kept = reads;
    for (let i = 0; i < 5; i++) expect(await bookable()).toBe(false);
    expect(reads).toBe(kept);
  });
});

describe('the lead’s email', () => {
  it('is rendered when sent, with the template as it is then (edited in the admin or with psql)', async () => {
    const smtp = await startSmtpServer();
    const sending = createTestApp(database, { SMTP_URL: smtp.url });
    await sending.deps.events.start();
    try {
      let n = 0;
      const sendLead = async () => {
        n++;
        await request(sending.app)
          .post('/api/contact')
          .set('X-Forwarded-For', `10.30.0.${n}`)
          .send(aWebsiteRequest({ fullName: `Visiteur ${n}`, email: `visiteur${n}@example.cd` }))
          .expect(201);
        await sending.deps.email.worker.runOnce();
        // Every notification goes to the agency: this one is the visitor's (their Reply-To).
        const address = `visiteur${n}@example.cd`;
        await expect
          .poll(() => smtp.messages().some((m) => m.headers.get('reply-to')?.includes(address)))
          .toBe(true);
        return smtp.messages().find((m) => m.headers.get('reply-to')?.includes(address))?.subject;
      };
      expect(await sendLead()).toBe('Nouveau contact\u00a0: Visiteur 1');
      await renameSubject('Prospect à rappeler : {{fullName}}');
      await expect.poll(sendLead).toMatch(/^Prospect à rappeler : Visiteur \d+$/);
    } finally {
      await sending.deps.events.stop();
      sending.deps.email.transport.close();
      await smtp.close();
    }
  });
});

describe('public lists in memory', () => {
  it('show a service added in the admin as soon as its statement commits, without a database read per page', async () => {
    const content = deps.content;
    const before = await content.listServices();
    // Kept: a second page rendered meanwhile reads nothing (the same array, not a new read).
    expect(await content.listServices()).toBe(before);

    await insertService(database.db, { title: 'Audit express' });
    await expect
      .poll(async () => (await content.listServices()).map((service) => service.title))
      .toContain('Audit express');
    expect((await content.listServices()).length).toBe(before.length + 1);
  });

  it('show a page of the blog without a database read per page, and a post published or read as soon as its statement commits', async () => {
    const content = deps.content;
    const first = await insertPost(database.db, {
      slug: 'premier-article',
      category: 'branding',
      publishedAt: new Date('2026-01-05T09:00:00Z'),
    });
    const query = { page: 1, pageSize: BLOG_PAGE_SIZE };
    // Kept: a second page rendered meanwhile reads nothing (the same summaries, not a new read).
    // On PostgreSQL the insert's change notice may land after the first read and drop it once:
    // the listing is kept from the read after it.
    await expect
      .poll(async () => {
        const before = await content.listPosts(query);
        return (await content.listPosts(query)).items[0] === before.items[0];
      })
      .toBe(true);

    await insertPost(database.db, {
      slug: 'article-publie',
      category: 'marketing_digital',
      publishedAt: new Date('2026-02-05T09:00:00Z'),
    });
    await expect
      .poll(async () => (await content.listPosts(query)).items.map((post) => post.slug))
      .toEqual(['article-publie', 'premier-article']);
    // A category's page and its count are those of its own posts.
    const branding = await content.listPosts({ ...query, category: 'branding' });
    expect(branding.items.map((post) => post.slug)).toEqual(['premier-article']);
    expect([branding.total, branding.totalPages]).toEqual([1, 1]);
    // A page is a slice of the listing, in its order.
    expect((await content.listPosts({ page: 2, pageSize: 1 })).items.map((post) => post.slug)).toEqual([
      'premier-article',
    ]);

    // The public API shows each post's readers: a counted reader is seen at once.
    expect(await content.recordPostView(first.slug)).toBe(true);
    await expect
      .poll(
        async () => (await content.listPosts(query)).items.find((post) => post.slug === first.slug)?.views,
      )
      .toBe(1);

    await database.db
      .update(blogPosts)
      .set({ isPublished: false })
      .where(eq(blogPosts.slug, 'article-publie'));
    await expect
      .poll(async () => (await content.listPosts(query)).items.map((post) => post.slug))
      .toEqual(['premier-article']);
  });
});
