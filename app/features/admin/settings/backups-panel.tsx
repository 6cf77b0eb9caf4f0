/**
 * "Sauvegardes" (docs/decisions/099-backups.md): the last backups the server made, the nightly ones
 * and those asked for, with their result; an administrator downloads an archive (to keep a copy
 * off the server) or makes one now. A failed backup also reaches every open screen as a
 * notification, and the staff's devices and inbox.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { type BackupInfo, type BackupList, formatBackupSize } from '#common/schemas/backups.ts';
import { Button } from '~/components/ui/button';
import { createAdminMutation, createAdminQuery } from '../data/admin-data';
import { QueryStates } from '../kit/admin-list';
import { Badge, type BadgeTone, RowTitle } from '../kit/badge';
import { formatDateTime } from '../kit/dates';
import { SettingsCard, SettingsRow } from '../kit/page';

const BACKUPS_KEY = '/api/admin/backups';

const backupsQuery = createAdminQuery({
  queryKey: [BACKUPS_KEY],
  url: BACKUPS_KEY,
  pick: (body: BackupList) => body,
});

const backupNowMutation = createAdminMutation({
  method: 'POST',
  url: BACKUPS_KEY,
  read: (body: { backup: BackupInfo }) => body.backup,
  invalidates: [BACKUPS_KEY],
  refreshOn: 'settled',
  toast: (backup) => ({
    title: 'Sauvegarde terminée',
    description: backup.size ? `Archive de ${formatBackupSize(backup.size)}` : undefined,
  }),
  errorToast: { title: 'La sauvegarde a échoué' },
});

const STATUS: Record<BackupInfo['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'En cours', tone: 'blue' },
  succeeded: { label: 'Réussie', tone: 'green' },
  failed: { label: 'Échouée', tone: 'red' },
};

function backupsDescription(keep: number) {
  return keep === 0
    ? 'La sauvegarde de chaque nuit est désactivée sur ce serveur (BACKUP_KEEP=0) : faites-en une ici ou avec npm run backup.'
    : `Chaque nuit à 2 h (heure de Kinshasa), le site enregistre la base de données et les images dans une archive vérifiable ; les ${keep} dernières sont gardées. Téléchargez-en régulièrement une copie et gardez-la hors du serveur.`;
}

export function BackupsPanel() {
  const list = useQuery(backupsQuery);
  const backupNow = useMutation(backupNowMutation());
  const canManage = list.data?.canManage ?? false;

  return (
    <SettingsCard
      titleId="backups-title"
      title="Sauvegardes"
      description={backupsDescription(list.data?.keep ?? 14)}
      actions={
        canManage ? (
          <Button
            type="button"
            variant="secondary"
            size="md"
            className="w-full sm:w-auto"
            disabled={backupNow.isPending}
            onClick={() => backupNow.mutate(undefined)}
          >
            {backupNow.isPending ? 'Sauvegarde en cours…' : 'Sauvegarder maintenant'}
          </Button>
        ) : null
      }
    >
      <QueryStates
        query={list}
        isEmpty={(data) => data.backups.length === 0}
        empty={{ title: 'Aucune sauvegarde pour le moment : la première sera faite cette nuit.' }}
      >
        {(data) => (
          <ul className="divide-y divide-gray-100" aria-label="Dernières sauvegardes">
            {data.backups.map((backup) => (
              <BackupRow key={backup.id} backup={backup} canDownload={data.canManage} />
            ))}
          </ul>
        )}
      </QueryStates>
    </SettingsCard>
  );
}

function BackupRow({ backup, canDownload }: { backup: BackupList['backups'][number]; canDownload: boolean }) {
  const status = STATUS[backup.status];
  return (
    <SettingsRow testId="backup-row">
      <div className="min-w-0">
        <RowTitle name={formatDateTime(backup.startedAt)}>
          <Badge tone={status.tone}>{status.label}</Badge>
          <Badge tone="gray">{backup.kind === 'nightly' ? 'Chaque nuit' : 'Demandée'}</Badge>
        </RowTitle>
        {backup.status === 'failed' ? (
          <p className="mt-1 text-sm wrap-anywhere text-red-800">{backup.error}</p>
        ) : backup.size !== null ? (
          <p className="mt-1 text-sm text-gray-600">
            {formatBackupSize(backup.size)}
            {backup.available ? '' : ' · supprimée (durée de conservation passée)'}
          </p>
        ) : null}
      </div>
      {canDownload && backup.available && backup.fileName ? (
        <a
          href={`${BACKUPS_KEY}/${encodeURIComponent(backup.fileName)}`}
          download={backup.fileName}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-brand-800 ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Download aria-hidden="true" className="size-4" />
          Télécharger
          <span className="sr-only"> la sauvegarde du {formatDateTime(backup.startedAt)}</span>
        </a>
      ) : null}
    </SettingsRow>
  );
}
