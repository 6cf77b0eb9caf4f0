import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox, siteSettings } from '#db/schema.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createOutbox, type EmailMessage, formatAddress } from './outbox.ts';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
});
afterEach(async () => {
  await database.close();
});

const outbox = createOutbox({ publicUrl: 'https://www.lisanga.test:8443' });
const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  to: 'client@exemple.cd',
  subject: 'Bonjour',
  html: '<p>Bonjour</p>',
  text: 'Bonjour',
  ...overrides,
});
const outboxRows = () => database.db.select().from(emailOutbox);
const outboxCount = async () => (await database.db.select({ n: count() }).from(emailOutbox))[0]?.n ?? 0;

describe('enqueueEmail', () => {
  it('stores the message with a Message-ID of its own, on the public host, and the sender from the settings', async () => {
    const result = await outbox.enqueueEmail(
      database.db,
      message({ replyTo: 'jp@exemple.cd', headers: { 'X-Lead-Id': '42' }, templateKey: 'lead_notification' }),
    );
    expect(result.duplicate).toBe(false);
    expect(result.messageId).toMatch(
      /^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@www\.lisanga\.test>$/,
    );

    const [row] = await outboxRows();
    expect(row).toMatchObject({
      id: result.id,
      messageId: result.messageId,
      toAddress: 'client@exemple.cd',
      fromAddress: '"Lisanga Digital" <newsletter@lisanga-digital.cd>',
      replyTo: 'jp@exemple.cd',
      templateKey: 'lead_notification',
      headers: { 'X-Lead-Id': '42' },
      status: 'pending',
      attempts: 0,
      lockedUntil: null,
    });

    const second = await outbox.enqueueEmail(database.db, message());
    expect(second.messageId).not.toBe(result.messageId);
  });

  it('quotes the sender name from the settings, whatever the admin typed', async () => {
    await database.db
      .update(siteSettings)
      .set({ value: 'Équipe "Lisanga", Kinshasa' })
      .where(eq(siteSettings.key, 'email.sender_name'));
    await outbox.enqueueEmail(database.db, message());
    const [row] = await outboxRows();
    expect(row?.fromAddress).toBe('"Équipe \\"Lisanga\\", Kinshasa" <newsletter@lisanga-digital.cd>');
  });

  it('takes an explicit sender, or the factory default, over the settings', async () => {
    const withDefault = createOutbox({ publicUrl: 'http://localhost:3000', defaultFrom: 'ops@lisanga.test' });
    const a = await withDefault.enqueueEmail(database.db, message());
    const b = await outbox.enqueueEmail(
      database.db,
      message({ from: formatAddress('Ventes', 'ventes@lisanga.test') }),
    );
    const rows = await outboxRows();
    expect(rows.find((r) => r.id === a.id)?.fromAddress).toBe('ops@lisanga.test');
    expect(rows.find((r) => r.id === a.id)?.messageId).toMatch(/@localhost>$/);
    expect(rows.find((r) => r.id === b.id)?.fromAddress).toBe('"Ventes" <ventes@lisanga.test>');
  });

  it('is idempotent with a dedupe key: the first message is returned, nothing is added', async () => {
    const first = await outbox.enqueueEmail(database.db, message({ dedupeKey: 'lead:1:notification' }));
    const again = await outbox.enqueueEmail(
      database.db,
      message({ dedupeKey: 'lead:1:notification', subject: 'Autre sujet' }),
    );
    expect(again).toEqual({ id: first.id, messageId: first.messageId, duplicate: true });
    expect(await outboxCount()).toBe(1);
    expect((await outboxRows())[0]?.subject).toBe('Bonjour');

    const other = await outbox.enqueueEmail(database.db, message({ dedupeKey: 'lead:2:notification' }));
    expect(other.duplicate).toBe(false);
    expect(await outboxCount()).toBe(2);
  });

  it('refuses CR or LF in any address or header, and stores nothing', async () => {
    const attempts: Partial<EmailMessage>[] = [
      { to: 'client@exemple.cd\r\nBcc: victime@exemple.cd' },
      { to: 'client@exemple.cd\nBcc: victime@exemple.cd' },
      { from: 'a@b.cd\rBcc: victime@exemple.cd' },
      { replyTo: 'a@b.cd\nBcc: victime@exemple.cd' },
      { subject: 'Bonjour\r\nBcc: victime@exemple.cd' },
      { headers: { 'X-Tag': 'un\r\nBcc: victime@exemple.cd' } },
      { headers: { 'X-Tag\r\nBcc': 'x' } },
      { headers: { Bcc: 'victime@exemple.cd' } },
      { to: 'pas-une-adresse' },
      // Neither its HTML nor a template to render it with when sent.
      { html: undefined },
      { html: undefined, templateKey: 'lead_notification' },
    ];
    for (const overrides of attempts) {
      await expect(outbox.enqueueEmail(database.db, message(overrides))).rejects.toThrow();
    }
    expect(await outboxCount()).toBe(0);
  });

  it('refuses a sender name with a line break typed in the settings', async () => {
    await database.db
      .update(siteSettings)
      .set({ value: 'Lisanga\r\nBcc: victime@exemple.cd' })
      .where(eq(siteSettings.key, 'email.sender_name'));
    await expect(outbox.enqueueEmail(database.db, message())).rejects.toThrow(/CR, LF/);
  });

  it('writes in the caller’s transaction: a rollback leaves nothing', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueueEmail(tx, message({ dedupeKey: 'lead:rolled-back' }));
        expect((await tx.select({ n: count() }).from(emailOutbox))[0]?.n).toBe(1);
        throw new Error('the lead could not be saved');
      }),
    ).rejects.toThrow('the lead could not be saved');
    expect(await outboxCount()).toBe(0);

    // The dedupe key was not burnt by the rolled-back attempt.
    const retried = await outbox.enqueueEmail(database.db, message({ dedupeKey: 'lead:rolled-back' }));
    expect(retried.duplicate).toBe(false);
  });
});
