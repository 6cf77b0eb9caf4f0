/**
 * The server's own backups (docs/decisions/099-backups.md): every night from 02:00 Kinshasa time
 * (or at the next start, if the server was down then), and when an administrator asks for one.
 * Each is a row of `backups` (what the Settings screen shows) and an archive in BACKUP_DIR, of which
 * the newest BACKUP_KEEP nightly ones are kept. A failed backup tells the staff at once: a live
 * notification on every open back-office screen, a push to their devices and an email.
 */
import path from 'node:path';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { kinshasaDate, kinshasaDayAndHour } from '#common/kinshasa.ts';
import type { BackupInfo } from '#common/schemas/backups.ts';
import { inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { backups, siteSettings } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import type { AppDeps } from '../app-deps.ts';
import { repeatEvery } from '../background/repeat.ts';
import { escapeHtml } from '../email/templates.ts';
import { pushInsert } from '../push/notify.ts';
import { createBackup, listBackups, newBackupPath, pruneBackups } from './backup.ts';

type BackupDeps = Pick<AppDeps, 'database' | 'env' | 'logger' | 'events' | 'email' | 'push' | 'media'>;
type BackupRow = typeof backups.$inferSelect;

/** The hour (Kinshasa time) from which the night's backup is due. */
export const NIGHTLY_HOUR = 2;
/** A backup still "running" after this long was cut short (its instance stopped or crashed). */
const STALE_AFTER_MS = 2 * 60 * 60_000;

/** The Kinshasa date of the last night whose backup is due at `at` (before 02:00, the day before's). */
export function dueSlot(at: Date): string {
  return kinshasaDate(new Date(at.getTime() - NIGHTLY_HOUR * 60 * 60_000));
}

export const presentBackup = (row: BackupRow): BackupInfo => ({
  id: row.id,
  kind: row.slot ? 'nightly' : 'manual',
  status: row.status as BackupInfo['status'],
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  fileName: row.fileName,
  size: row.size,
  error: row.error,
});

/** The last backups, newest first, each with whether its archive is still in BACKUP_DIR. */
export async function recentBackups(deps: Pick<BackupDeps, 'database' | 'env'>, limit = 10) {
  const rows = await deps.database.db.select().from(backups).orderBy(desc(backups.startedAt)).limit(limit);
  const files = new Set((await listBackups(deps.env.BACKUP_DIR)).map((file) => file.name));
  return rows.map((row) => ({
    ...presentBackup(row),
    available: row.fileName ? files.has(row.fileName) : false,
  }));
}

/**
 * Makes a backup recorded as `row` (already inserted, status running): the archive, then the row
 * succeeded or failed; a failure tells the staff. Never throws.
 */
async function run(deps: BackupDeps, row: BackupRow): Promise<BackupRow> {
  const { db } = deps.database;
  try {
    const file = newBackupPath(deps.env.BACKUP_DIR, row.startedAt);
    const { size } = await createBackup(
      { database: deps.database, databaseUrl: deps.env.DATABASE_URL, media: deps.media },
      file,
      row.startedAt,
    );
    const [done] = await db
      .update(backups)
      .set({ status: 'succeeded', finishedAt: new Date(), fileName: path.basename(file), size })
      .where(eq(backups.id, row.id))
      .returning();
    if (row.slot && deps.env.BACKUP_KEEP > 0) await pruneBackups(deps.env.BACKUP_DIR, deps.env.BACKUP_KEEP);
    deps.logger.info({ backup: row.id, size }, 'backup written');
    return done ?? row;
  } catch (error) {
    deps.logger.error({ err: error, backup: row.id }, 'backup failed');
    return failed(deps, row, describeFailure(error));
  }
}

/** The reason in French: a refusal of ours says it already; anything else is named as it is. */
function describeFailure(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  return (error as Error)?.name === 'BackupError' ? message : `Erreur : ${message}`;
}

/** Marks the backup failed and tells the staff, in one transaction: its row, the push, the email. */
async function failed(deps: BackupDeps, row: BackupRow, reason: string): Promise<BackupRow> {
  const { db } = deps.database;
  const title = 'La sauvegarde a échoué';
  const message = `Sauvegarde du ${kinshasaDayAndHour(row.startedAt)} : ${reason}`;
  const adminUrl = `${deps.env.PUBLIC_URL}/admin/settings?onglet=sauvegardes`;
  const updated = await inTransaction(db, async (tx) => {
    const [done] = await tx
      .update(backups)
      .set({ status: 'failed', finishedAt: new Date(), error: reason })
      .where(eq(backups.id, row.id))
      .returning();
    await tx.execute(
      pushInsert(tx, {
        key: `backup:${row.id}`,
        title,
        body: message,
        url: '/admin/settings?onglet=sauvegardes',
      }),
    );
    await logActivity(tx, { type: 'backup.failed', title, description: message, userId: null });
    const to = await staffAddress(tx);
    if (to)
      await deps.email.outbox.enqueueEmail(tx, {
        to,
        subject: `${title} — vérifiez l’espace disque et la base de données`,
        text: `${message}\n\nLes sauvegardes précédentes restent disponibles. Voir les sauvegardes : ${adminUrl}`,
        html: `<p>${escapeHtml(message)}</p><p>Les sauvegardes précédentes restent disponibles. <a href="${escapeHtml(adminUrl)}">Voir les sauvegardes</a></p>`,
        dedupeKey: `backup:${row.id}`,
      });
    await deps.events.publish(tx, {
      channel: 'system',
      type: 'notification',
      data: { title, message, level: 'error' },
    });
    return done ?? row;
  });
  deps.email.worker.wake();
  deps.push.worker.wake();
  return updated;
}

/** Where the staff's notifications go: `email.notification_to`, else the site's contact address. */
async function staffAddress(db: AppDeps['database']['db']): Promise<string | undefined> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} in ('email.notification_to', 'contact.email')`);
  const value = (key: string) => rows.find((row) => row.key === key)?.value.trim();
  return value('email.notification_to') || value('contact.email') || undefined;
}

/**
 * The night's backup, if it is due and no instance has made or started it: the slot's insert
 * decides which instance makes it. Backups left "running" by a stopped instance are failed first.
 */
export async function runNightlyBackup(deps: BackupDeps, now = new Date()): Promise<BackupRow | null> {
  if (deps.env.BACKUP_KEEP === 0) return null;
  const { db } = deps.database;
  const stale = await db
    .update(backups)
    .set({
      status: 'failed',
      finishedAt: now,
      error: 'Interrompue : le serveur s’est arrêté pendant la sauvegarde.',
    })
    .where(
      and(eq(backups.status, 'running'), lt(backups.startedAt, new Date(now.getTime() - STALE_AFTER_MS))),
    )
    .returning();
  for (const row of stale) await failed(deps, row, row.error ?? '');
  const [row] = await db
    .insert(backups)
    .values({ slot: dueSlot(now), startedAt: now })
    .onConflictDoNothing({ target: backups.slot })
    .returning();
  return row ? run(deps, row) : null;
}

/** An administrator's "Sauvegarder maintenant": refused while another backup is running. */
export async function backupNow(deps: BackupDeps, adminId: string): Promise<BackupRow | null> {
  const { db } = deps.database;
  const row = await inTransaction(db, async (tx) => {
    // One at a time: taken with the table's lock, so two clicks (or instances) cannot both start.
    await tx.execute(sql`lock table ${backups} in share row exclusive mode`);
    if (await hasRow(tx, backups, eq(backups.status, 'running'))) return null;
    const [inserted] = await tx.insert(backups).values({ requestedBy: adminId }).returning();
    return inserted ?? null;
  });
  return row ? run(deps, row) : null;
}

/** Checks every 10 minutes whether the night's backup is due (the first time a minute after the start). */
export function startNightlyBackups(deps: BackupDeps, intervalMs = 10 * 60_000) {
  return repeatEvery(
    async () => {
      try {
        await runNightlyBackup(deps);
      } catch (error) {
        deps.logger.error({ err: error }, 'nightly backup check failed');
      }
    },
    intervalMs,
    Math.min(60_000, intervalMs),
  );
}
