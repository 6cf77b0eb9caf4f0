import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import { listEmlFiles } from '#tests/helpers/eml-outbox.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createOutbox } from './outbox.ts';
import { createMailTransport, isPermanentSmtpCode } from './transport.ts';
import { createOutboxWorker } from './worker.ts';

const logger = pino({ level: 'silent' });

describe('file transport (no SMTP_URL)', () => {
  let database: DatabaseHandle;
  let dataDir: string;

  beforeEach(async () => {
    database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agence-eml-'));
  });
  afterEach(async () => {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes one .eml per message in DATA_DIR/outbox/<day>/, marks it sent, and lists it', async () => {
    const outbox = createOutbox({ publicUrl: 'http://localhost:3000' });
    const first = await outbox.enqueueEmail(database.db, {
      to: 'grace@exemple.cd',
      subject: 'Confirmez votre inscription à la newsletter',
      html: '<p>Bonjour Grâce</p>',
      text: 'Bonjour Grâce',
      replyTo: 'contact@lisanga-digital.cd',
    });
    const second = await outbox.enqueueEmail(database.db, {
      to: 'jp@exemple.cd',
      subject: 'Nouveau contact : Jean-Pierre',
      html: '<p>Nouveau</p>',
      text: 'Nouveau',
    });
    // Make the order of the two messages unambiguous for the newest-first listing.
    await database.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(emailOutbox.id, first.id));

    const transport = createMailTransport({ dataDir, logger });
    expect(transport.kind).toBe('file');
    const worker = createOutboxWorker({ db: database.db, transport, logger });
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0, retried: 0 });
    transport.close();

    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null)).toBe(true);

    const files = await listEmlFiles(dataDir);
    expect(files.map((f) => f.id)).toEqual([second.id, first.id]);
    const [newest, oldest] = files;
    const secondRow = rows.find((r) => r.id === second.id);
    if (!newest || !oldest || !secondRow) throw new Error('missing files');
    expect(newest.path).toBe(
      path.join(
        path.resolve(dataDir),
        'outbox',
        secondRow.createdAt.toISOString().slice(0, 10),
        `${second.id}.eml`,
      ),
    );
    expect(newest.email).toMatchObject({ subject: 'Nouveau contact : Jean-Pierre', to: 'jp@exemple.cd' });
    expect(oldest.email).toMatchObject({
      subject: 'Confirmez votre inscription à la newsletter',
      to: 'grace@exemple.cd',
    });
    expect(Math.abs(newest.date.getTime() - secondRow.createdAt.getTime())).toBeLessThan(1_000);

    const { email } = oldest;
    expect(email.messageId).toBe(first.messageId);
    expect(email.from).toBe('Lisanga Digital <newsletter@lisanga-digital.cd>');
    expect(email.replyTo).toBe('contact@lisanga-digital.cd');
    expect(email.text).toBe('Bonjour Grâce');
    expect(email.html).toBe('<p>Bonjour Grâce</p>');
  });

  it('overwrites the same file on a retry: one message, one file, no temporary leftovers', async () => {
    const outbox = createOutbox({ publicUrl: 'http://localhost:3000' });
    const { id } = await outbox.enqueueEmail(database.db, {
      to: 'grace@exemple.cd',
      subject: 'Essai',
      html: '<p>Essai</p>',
      text: 'Essai',
    });
    const [row] = await database.db.select().from(emailOutbox);
    if (!row?.html) throw new Error('no row');
    const transport = createMailTransport({ dataDir, logger });
    await transport.send({ ...row, html: row.html });
    await transport.send({ ...row, html: row.html });
    transport.close();

    const day = row.createdAt.toISOString().slice(0, 10);
    expect(await fs.readdir(path.join(dataDir, 'outbox', day))).toEqual([`${id}.eml`]);
    expect(await listEmlFiles(dataDir)).toHaveLength(1);
  });

  it('lists nothing when no email was ever written', async () => {
    expect(await listEmlFiles(dataDir)).toEqual([]);
  });
});

describe('transport helpers', () => {
  it('treats 5xx SMTP replies as permanent, except 503; 4xx and no reply retry', () => {
    expect([550, 552, 554].map(isPermanentSmtpCode)).toEqual([true, true, true]);
    expect([503, 421, 451, undefined].map(isPermanentSmtpCode)).toEqual([false, false, false, false]);
  });
});
