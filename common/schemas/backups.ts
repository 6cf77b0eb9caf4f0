/**
 * The backups as the Settings screen shows them (docs/decisions/099-backups.md): GET
 * /api/admin/backups answers the last ones; an administrator downloads an archive by its name.
 */
import { z } from 'zod';

export type BackupInfo = {
  id: string;
  /** The night's backup, or one an administrator asked for. */
  kind: 'nightly' | 'manual';
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  fileName: string | null;
  /** Bytes of the archive. */
  size: number | null;
  /** Why it failed, in French. */
  error: string | null;
};

export type BackupList = {
  backups: (BackupInfo & { available: boolean })[];
  /** Whether this admin may download archives and start a backup (administrators only). */
  canManage: boolean;
  /** Nightly backups kept; 0: the nightly backup is off. */
  keep: number;
};

/** An archive's name as the server writes them: nothing else reaches the file system. */
export const BackupFileParamsSchema = z.object({
  name: z
    .string()
    .regex(/^sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?\.tar$/, { error: 'Sauvegarde introuvable' }),
});

/** An archive's size as the staff and the operator read it: "170,5 Ko", "5,1 Mo". */
export const formatBackupSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Ko`
    : `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
