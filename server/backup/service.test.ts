/**
 * The server's own backups (docs/decisions/099-backups.md): the night's backup from 02:00 Kinshasa
 * time, made once whatever the instances, the newest kept; a failure told to the staff live, by
 * push and by email; the Settings screen's list, "Sauvegarder maintenant" and the download.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupList } from '#common/schemas/backups.ts';
import { activityLogs, backups, emailOutbox, pushDeliveries, pushSubscriptions } from '#db/schema.ts';
import type { AppEvent } from '#server/realtime/event-bus.ts';
import { type AdminSession, signInAdmin } from '#tests/helpers/admin-session.ts';
import { recordEvents, waitForEvent } from '#tests/helpers/events.ts';
import { createSeededDatabase, databaseContext } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { currentBackend, databaseUrlOf } from '#tests/helpers/test-database.ts';
import { dueSlot, runNightlyBackup } from './service.ts';

const context = databaseContext({ open: () => createSeededDatabase({ content: true, compile: false }) });
let work: string;
let databaseUrl: Record<string, string> = {};

/** The app with its own BACKUP_DIR (and whatever `env` adds), as one instance of the site. */
function instance(name: string, env: Record<string, string> = {}) {
  // Under a dotted folder, as `node_modules/.cache` is for the end-to-end server: served all the same.
  const backupDir = path.join(work, '.cache', name);
  return {
    backupDir,
    ...createTestApp(context.database, {
      MEDIA_DIR: path.join(work, 'media'),
      BACKUP_DIR: backupDir,
      ...databaseUrl,
      ...env,
    }),
  };
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-service-'));
  fs.mkdirSync(path.join(work, 'media'));
  fs.writeFileSync(path.join(work, 'media', 'visuel-800.webp'), 'image');
  if (currentBackend() === 'postgres') databaseUrl = { DATABASE_URL: await databaseUrlOf(context.database) };
});

afterAll(async () => {
  await fs.promises.rm(work, { recursive: true, force: true });
});

describe('the night’s backup', () => {
  it('is due from 02:00 Kinshasa time (01:00 UTC): before that, the previous night’s', () => {
    expect(dueSlot(at('2026-12-04T00:59:59Z'))).toBe('2026-12-03');
    expect(dueSlot(at('2026-12-04T01:00:00Z'))).toBe('2026-12-04');
    expect(dueSlot(at('2026-12-04T22:30:00Z'))).toBe('2026-12-04');
    expect(dueSlot(at('2026-12-05T00:30:00Z'))).toBe('2026-12-04');
    expect(dueSlot(at('2026-12-05T01:00:00Z'))).toBe('2026-12-05');
  });

  it('is made once a night by one instance of several, and keeps the newest BACKUP_KEEP', async () => {
    const first = instance('nightly', { BACKUP_KEEP: '2' });
    const second = createTestApp(context.database, {
      MEDIA_DIR: path.join(work, 'media'),
      BACKUP_DIR: first.backupDir,
      BACKUP_KEEP: '2',
      ...databaseUrl,
    });
    const night = at('2026-12-04T01:05:00Z');
    const [made, other] = await Promise.all([
      runNightlyBackup(first.deps, night),
      runNightlyBackup(second.deps, night),
    ]);
    const done = [made, other].filter((row) => row !== null);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      slot: '2026-12-04',
      status: 'succeeded',
      fileName: 'sauvegarde-2026-12-04-0205.tar',
    });
    expect(fs.statSync(path.join(first.backupDir, 'sauvegarde-2026-12-04-0205.tar')).size).toBe(
      done[0]?.size,
    );
    // Later the same night: already made.
    expect(await runNightlyBackup(first.deps, at('2026-12-04T21:00:00Z'))).toBeNull();

    await runNightlyBackup(first.deps, at('2026-12-05T01:05:00Z'));
    await runNightlyBackup(first.deps, at('2026-12-06T08:30:00Z'));
    expect(fs.readdirSync(first.backupDir).sort()).toEqual([
      'sauvegarde-2026-12-05-0205.tar',
      'sauvegarde-2026-12-06-0930.tar',
    ]);
  });

  it('is off with BACKUP_KEEP=0', async () => {
    const off = instance('off', { BACKUP_KEEP: '0' });
    expect(await runNightlyBackup(off.deps, at('2026-12-10T01:05:00Z'))).toBeNull();
    expect(fs.existsSync(off.backupDir)).toBe(false);
  });

  it('tells the staff when it fails: a live notification, a push to each device, an email', async () => {
    // BACKUP_DIR is a file: the archive cannot be written.
    const blocked = path.join(work, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const failing = createTestApp(context.database, {
      MEDIA_DIR: path.join(work, 'media'),
      BACKUP_DIR: blocked,
      ...databaseUrl,
    });
    const events: AppEvent[] = [];
    await recordEvents(failing.deps.events, events);
    const admin = await signInAdmin(failing.app, context.database.db);
    await context.database.db.insert(pushSubscriptions).values({
      userId: admin.user.id,
      endpoint: 'https://fcm.googleapis.com/fcm/send/backup-test',
      p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      label: 'Chrome sur Android',
    });
    try {
      const row = await runNightlyBackup(failing.deps, at('2026-12-20T01:05:00Z'));
      expect(row).toMatchObject({ status: 'failed', slot: '2026-12-20' });
      expect(row?.error).toMatch(/^Erreur : /);

      const notification = await waitForEvent(events, (event) => event.type === 'notification');
      expect(notification.data).toMatchObject({ title: 'La sauvegarde a échoué', level: 'error' });
      expect((notification.data as { message: string }).message).toMatch(
        /^Sauvegarde du 20\/12\/2026 à 02:05 : Erreur : /,
      );

      const [push] = await context.database.db
        .select()
        .from(pushDeliveries)
        .where(
          eq(
            pushDeliveries.dedupeKey,
            `backup:${row?.id}:${(await context.database.db.select().from(pushSubscriptions))[0]?.id}`,
          ),
        );
      expect(push?.payload).toMatchObject({
        title: 'La sauvegarde a échoué',
        url: '/admin/settings?onglet=sauvegardes',
      });

      const [email] = await context.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `backup:${row?.id}`));
      expect(email?.subject).toBe('La sauvegarde a échoué — vérifiez l’espace disque et la base de données');
      expect(email?.textBody).toContain('/admin/settings?onglet=sauvegardes');

      const [logged] = await context.database.db
        .select()
        .from(activityLogs)
        .where(eq(activityLogs.type, 'backup.failed'))
        .orderBy(desc(activityLogs.createdAt));
      expect(logged?.title).toBe('La sauvegarde a échoué');
    } finally {
      await failing.deps.events.stop();
      await context.database.db.delete(pushSubscriptions);
    }
  });

  it('left running by an instance that stopped is failed later, and told', async () => {
    const later = instance('stale');
    const [stale] = await context.database.db
      .insert(backups)
      .values({ status: 'running', startedAt: at('2026-12-21T01:05:00Z') })
      .returning();
    await runNightlyBackup(later.deps, at('2026-12-21T05:00:00Z'));
    const [after] = await context.database.db
      .select()
      .from(backups)
      .where(eq(backups.id, stale?.id ?? ''));
    expect(after).toMatchObject({
      status: 'failed',
      error: 'Interrompue : le serveur s’est arrêté pendant la sauvegarde.',
    });
    expect(
      await context.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `backup:${stale?.id}`)),
    ).toHaveLength(1);
  });
});

describe('/api/admin/backups', () => {
  let site: ReturnType<typeof instance>;
  let admin: AdminSession;

  beforeAll(async () => {
    site = instance('api');
    admin = await signInAdmin(site.app, context.database.db);
  });

  it('makes a backup now, lists it, and lets an administrator download it (logged)', async () => {
    const made = await admin.post('/api/admin/backups').expect(201);
    expect(made.body.backup).toMatchObject({ kind: 'manual', status: 'succeeded' });
    const name = made.body.backup.fileName as string;

    const list = (await admin.get('/api/admin/backups').expect(200)).body as BackupList;
    expect(list.canManage).toBe(true);
    expect(list.keep).toBe(14);
    // Newest first (the nights above were made at later, simulated times).
    const starts = list.backups.map((backup) => backup.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(list.backups.find((backup) => backup.id === made.body.backup.id)).toMatchObject({
      available: true,
      size: made.body.backup.size,
    });

    const download = await admin
      .get(`/api/admin/backups/${name}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename=${name}`);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(download.body as Buffer, fs.readFileSync(path.join(site.backupDir, name)))).toBe(0);
    const [logged] = await context.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.type, 'backup.exported'));
    expect(logged).toMatchObject({ title: `Sauvegarde téléchargée : ${name}`, userId: admin.user.id });
  });

  it('reaches no other file, and says so in French', async () => {
    const refused = await admin.get('/api/admin/backups/..%2F..%2Fetc%2Fpasswd').expect(400);
    expect(refused.body.error.fields).toEqual({ name: 'Sauvegarde introuvable' });
    const missing = await admin.get('/api/admin/backups/sauvegarde-2020-01-01-0200.tar').expect(404);
    expect(missing.body.error.message).toMatch(/^Sauvegarde introuvable/);
  });

  it('is for signed-in staff only', async () => {
    const { app } = site;
    const request = (await import('supertest')).default;
    await request(app).get('/api/admin/backups').expect(401);
  });
});
