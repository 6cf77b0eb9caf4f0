/**
 * /api/admin/backups (docs/decisions/099-backups.md): the last backups for the Settings screen,
 * "Sauvegarder maintenant", and an archive's download. An archive holds every lead and consent
 * record: only administrators download it, each download is logged, and only names the server
 * writes reach the file system.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { BackupFileParamsSchema, type BackupList } from '#common/schemas/backups.ts';
import { logActivity } from '../../activity/log.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { backupNow, presentBackup, recentBackups } from '../../backup/service.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';

/** The role that may download and start backups (docs/product.md §6.2 has one role today). */
const BACKUP_ROLE = 'admin';

function requireBackupRole(user: { role: string }) {
  if (user.role !== BACKUP_ROLE)
    throw new HttpError(403, 'forbidden', 'Seuls les administrateurs gèrent les sauvegardes.');
}

export function backupsAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const list: BackupList = {
      backups: await recentBackups(deps),
      canManage: adminOf(res).user.role === BACKUP_ROLE,
      keep: deps.env.BACKUP_KEEP,
    };
    res.json(list);
  });

  router.post('/', async (_req, res) => {
    const { user } = adminOf(res);
    requireBackupRole(user);
    const row = await backupNow(deps, user.id);
    if (!row)
      throw new HttpError(
        409,
        'backup_running',
        'Une sauvegarde est déjà en cours : attendez qu’elle se termine.',
      );
    res.status(row.status === 'succeeded' ? 201 : 500).json({ backup: presentBackup(row) });
  });

  router.get('/:name', async (req, res) => {
    const { user } = adminOf(res);
    requireBackupRole(user);
    const { name } = parseInput(BackupFileParamsSchema, req.params);
    const file = path.join(deps.env.BACKUP_DIR, name);
    if (!fs.existsSync(file))
      throw notFound(
        'Sauvegarde introuvable : elle a peut-être été supprimée après la durée de conservation.',
      );
    await logActivity(deps.database.db, {
      type: 'backup.exported',
      title: `Sauvegarde téléchargée : ${name}`,
      userId: user.id,
    });
    res.setHeader('Cache-Control', 'no-store');
    // Relative to its folder: `send` refuses any dotted segment of the path it is given (a
    // BACKUP_DIR under `.cache`, say), and the name is checked already.
    res.download(name, name, { root: path.resolve(deps.env.BACKUP_DIR) });
  });

  return router;
}
