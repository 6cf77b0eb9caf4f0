/**
 * The visitor key (docs/decisions/084-first-party-audience.md, Plausible's method): the hex SHA-256,
 * cut to 32 characters, of the day's secret salt, the site's host, the client's address and its
 * User-Agent. The same browser on the same address is one visitor for one Kinshasa day; the salt
 * of each day is random, kept in `audience_salts` only while its day lasts, then deleted, so no key
 * can be linked to another day's, nor turned back into an address.
 *
 * Several processes agree on the day's salt: the database row is the truth, written once by
 * whichever process needs it first (insert-if-absent); each process keeps today's in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#db/client.ts';
import { audienceSalts } from '#db/schema.ts';

/** The day's salt, created if absent; salts of earlier days are deleted in the same statement. */
export async function saltOfDay(db: Database, day: string): Promise<string> {
  const candidate = randomBytes(32).toString('hex');
  // One statement: the insert's row when it wrote one, else the row another process wrote first
  // (a statement's reads do not see its own writes, so both branches never answer together).
  const rows = await queryRows<{ salt: string }>(
    db,
    sql`with forgotten as (delete from ${audienceSalts} where ${audienceSalts.day} < ${day}),
      created as (
        insert into ${audienceSalts} (day, salt) values (${day}, ${candidate})
        on conflict (day) do nothing returning salt
      )
      select salt from created
      union all
      select ${audienceSalts.salt} as salt from ${audienceSalts} where ${audienceSalts.day} = ${day}
      limit 1`,
  );
  if (rows[0]) return rows[0].salt;
  // Another process's insert committed while this statement ran: its snapshot could not see the
  // row that stopped its own insert; a new statement does.
  const [written] = await db
    .select({ salt: audienceSalts.salt })
    .from(audienceSalts)
    .where(sql`${audienceSalts.day} = ${day}`);
  if (!written) throw new Error(`no audience salt for ${day}`);
  return written.salt;
}

/** Salts of days before `today` deleted (the fold's loop, every minute). */
export async function forgetOldSalts(db: Database, today: string): Promise<number> {
  const deleted = await db
    .delete(audienceSalts)
    .where(sql`${audienceSalts.day} < ${today}`)
    .returning({ day: audienceSalts.day });
  return deleted.length;
}

export function visitorKey(input: { salt: string; siteHost: string; ip: string; userAgent: string }): string {
  return createHash('sha256')
    .update([input.salt, input.siteHost, input.ip, input.userAgent].join('\n'))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Today's salt kept in memory: one query on the first beacon of a day (concurrent beacons share
 * it), none after. A day ended is dropped from memory as soon as a beacon of the next one comes.
 */
export function createSaltCache(db: () => Promise<Database>) {
  let current: { day: string; salt: Promise<string> } | undefined;
  return {
    saltOf(day: string): Promise<string> {
      if (current?.day !== day) {
        const entry = { day, salt: db().then((database) => saltOfDay(database, day)) };
        current = entry;
        // A failed read is not kept: the next beacon tries again.
        entry.salt.catch(() => {
          if (current === entry) current = undefined;
        });
      }
      return current.salt;
    },
  };
}
