import { eq } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { currentBackend, databaseUrlOf } from '#tests/helpers/test-database.ts';
import { createOutbox } from '../email/outbox.ts';
import { INSTANCES_LOCK_KEY, type InstancePresence, takeOverCrashedLeases } from './crashed-leases.ts';

const logger = pino({ level: 'silent' });

describe('leases left by a killed process', () => {
  let database: DatabaseHandle;
  const presences: InstancePresence[] = [];

  beforeEach(async () => {
    database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
  });
  afterEach(async () => {
    for (const presence of presences.splice(0)) await presence.stop();
    await database.close();
  });

  /** A message a sender claimed for two minutes, then died holding. */
  async function claimedMessage() {
    const queued = await createOutbox({ publicUrl: 'https://lisanga.test' }).enqueueEmail(database.db, {
      to: 'client@exemple.cd',
      subject: 'Votre devis',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
    });
    await database.db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(Date.now() + 2 * 60_000) })
      .where(eq(emailOutbox.id, queued.id));
    return async () => {
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
      return row?.lockedUntil ?? null;
    };
  }

  async function start() {
    const presence = await takeOverCrashedLeases(database, logger);
    presences.push(presence);
    return presence;
  }

  it('are freed when the site starts alone, so its emails leave now instead of in two minutes', async () => {
    const leaseOf = await claimedMessage();
    expect((await start()).released).toBe(1);
    expect(await leaseOf()).toBeNull();
  });

  it('of an email marked sent whose answer the dead process never saw put it back in the queue, with its Message-ID', async () => {
    const leaseOf = await claimedMessage();
    const [row] = await database.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
      .returning();
    const untouched = await createOutbox({ publicUrl: 'https://lisanga.test' }).enqueueEmail(database.db, {
      to: 'autre@exemple.cd',
      subject: 'Déjà envoyé',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
    });
    // Sent and confirmed: no lease left.
    await database.db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.id, untouched.id));

    expect((await start()).released).toBe(1);
    expect(await leaseOf()).toBeNull();
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.map((r) => [r.messageId, r.status, r.sentAt])).toEqual(
      expect.arrayContaining([
        [row?.messageId, 'pending', null],
        [untouched.messageId, 'sent', null],
      ]),
    );
  });

  // Several instances share one database only on a server.
  (currentBackend() === 'postgres' ? it : () => undefined)(
    'are left alone while another instance runs, and freed by the next start once it is gone',
    async () => {
      const other = new pg.Client({ connectionString: await databaseUrlOf(database) });
      await other.connect();
      try {
        // A running instance: its session holds the shared lock.
        await other.query('select pg_advisory_lock_shared($1)', [INSTANCES_LOCK_KEY]);
        const leaseOf = await claimedMessage();
        const first = await start();
        expect(first.released).toBe(0);
        expect(await leaseOf()).not.toBeNull();
        await first.stop();
      } finally {
        // Killed: its session ends with it.
        await other.end();
      }
      expect((await start()).released).toBe(1);
    },
  );
});
