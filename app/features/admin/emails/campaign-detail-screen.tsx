/**
 * One campaign (issue 8): what it is (subject, template, sender, recipients), what can be done
 * with it given its status (edit, preview, test, send now, schedule, unschedule, pause, resume,
 * cancel, delete a draft), its progress while sending (re-read every 3 s, only then) and its
 * results: KPI cards, the hourly timeline and the most clicked links.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  Eye,
  type LucideIcon,
  Mail,
  Pause,
  Pencil,
  Play,
  Send,
  Trash2,
  XCircle,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { JOB_STATUSES } from '#common/enums.ts';
import {
  type CampaignDetail,
  type CampaignResults,
  CampaignTestSchema,
  JOB_STATUS_LABELS,
} from '#common/schemas/campaigns.ts';
import { TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { DataTable } from '../admin-list';
import { ConfirmDialog } from '../confirm-dialog';
import { AdminDialog, DialogBody, DialogFooter } from '../dialog-frame';
import {
  AdminPageHeader,
  Card,
  ErrorState,
  formatDate,
  formatDateTime,
  ItemLoader,
  LoadingState,
  BackLink as SharedBackLink,
} from '../ui';
import { CampaignStatusBadge } from './campaign-status-badge';
import {
  type CampaignActionRequest,
  campaignActionMutation,
  campaignPreviewQuery,
  campaignQuery,
  campaignResultsQuery,
  deleteCampaignMutation,
  testSendMutation,
} from './data';
import { EmailFrame } from './email-frame';
import { formatCount, formatHour, formatRate, isoToKinshasaLocal, kinshasaLocalToIso } from './format';

const CampaignTimelineChart = lazy(() =>
  import('./campaign-timeline-chart').then((module) => ({ default: module.CampaignTimelineChart })),
);

type DialogName = 'preview' | 'test' | 'send' | 'schedule' | 'cancel' | 'delete' | null;

export function CampaignDetailScreen({ campaignId }: { campaignId: string }) {
  return (
    <ItemLoader
      options={campaignQuery(campaignId)}
      back={<BackLink />}
      missing="Cette campagne n'existe pas ou a été supprimée."
      render={(campaign) => <CampaignDetailView campaign={campaign} />}
    />
  );
}

type BarAction = {
  label: string;
  icon?: LucideIcon;
  variant?: 'secondary' | 'ghost';
  className?: string;
  /** A link to another screen, rather than a button. */
  to?: string;
  onClick?: () => void;
  /** Available while another action runs (the others wait). */
  always?: boolean;
};

/** The campaign's actions, those that apply (the others are `false`), in this order. */
function ActionBar({ actions, busy }: { actions: (BarAction | false)[]; busy: boolean }) {
  return actions.map((action) => {
    if (!action) return null;
    const { label, icon: Icon, variant, className, to, onClick, always } = action;
    const content = (
      <>
        {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
        {label}
      </>
    );
    return to ? (
      <Button key={label} asChild size="sm" variant={variant}>
        <Link to={to}>{content}</Link>
      </Button>
    ) : (
      <Button
        key={label}
        size="sm"
        variant={variant}
        className={className}
        disabled={always ? undefined : busy}
        onClick={onClick}
      >
        {content}
      </Button>
    );
  });
}

const BackLink = () => <SharedBackLink to="/admin/emails/campaigns" label="Toutes les campagnes" />;

function CampaignDetailView({ campaign }: { campaign: CampaignDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogName>(null);
  const action = useMutation(campaignActionMutation());
  const remove = useMutation(deleteCampaignMutation());
  const { status, paused } = campaign;
  const editable = status === 'draft' || status === 'scheduled';
  const started = status === 'sending' || status === 'sent' || status === 'failed';
  const busy = action.isPending || remove.isPending;

  const run = (
    input: CampaignActionRequest,
    messages: { done: string; failed: string },
    after?: () => void,
  ) =>
    action.mutate(
      { id: campaign.id, ...input },
      {
        onSuccess: (updated) => {
          setDialog(null);
          toast({ title: messages.done, description: updated.title });
          after?.();
        },
        onError: (error) =>
          toast({ title: messages.failed, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const segmentWords = [
    campaign.segment.tags.length > 0
      ? `étiquettes : ${campaign.segment.tags.join(', ')}`
      : 'toutes les étiquettes',
    campaign.segment.locale ? `langue : ${campaign.segment.locale}` : null,
    campaign.segment.subscribedFrom
      ? `inscrits depuis le ${formatDate(campaign.segment.subscribedFrom)}`
      : null,
    campaign.segment.subscribedTo ? `jusqu'au ${formatDate(campaign.segment.subscribedTo)}` : null,
  ].filter(Boolean);

  return (
    <>
      <BackLink />
      <AdminPageHeader
        title={campaign.title}
        description={`Créée le ${formatDateTime(campaign.createdAt)}, modifiée le ${formatDateTime(campaign.updatedAt)}.`}
        actions={<CampaignStatusBadge status={status} paused={paused} />}
      />

      <div className="mb-6 flex flex-wrap gap-2">
        <ActionBar
          busy={busy}
          actions={[
            editable && {
              label: 'Modifier',
              icon: Pencil,
              variant: 'secondary',
              to: `/admin/emails/campaigns/${campaign.id}/edit`,
            },
            {
              label: 'Aperçu',
              icon: Eye,
              variant: 'secondary',
              always: true,
              onClick: () => setDialog('preview'),
            },
            {
              label: 'Envoyer un test',
              icon: Mail,
              variant: 'secondary',
              always: true,
              onClick: () => setDialog('test'),
            },
            editable && { label: 'Envoyer maintenant', icon: Send, onClick: () => setDialog('send') },
            editable && {
              label: status === 'scheduled' ? 'Reprogrammer' : 'Programmer',
              icon: CalendarClock,
              variant: 'secondary',
              onClick: () => setDialog('schedule'),
            },
            status === 'scheduled' && {
              label: 'Déprogrammer',
              variant: 'secondary',
              onClick: () =>
                run(
                  { action: 'unschedule' },
                  { done: 'Campagne déprogrammée', failed: 'Déprogrammation impossible' },
                ),
            },
            status === 'sending' &&
              !paused && {
                label: 'Mettre en pause',
                icon: Pause,
                variant: 'secondary',
                onClick: () =>
                  run({ action: 'pause' }, { done: 'Envoi mis en pause', failed: 'Pause impossible' }),
              },
            status === 'sending' &&
              paused && {
                label: 'Reprendre',
                icon: Play,
                onClick: () =>
                  run({ action: 'resume' }, { done: 'Envoi repris', failed: 'Reprise impossible' }),
              },
            status === 'sending' && {
              label: "Annuler l'envoi",
              icon: XCircle,
              variant: 'ghost',
              className: 'text-red-700 hover:bg-red-50',
              onClick: () => setDialog('cancel'),
            },
            status === 'draft' && {
              label: 'Supprimer',
              icon: Trash2,
              variant: 'ghost',
              className: 'ml-auto text-red-700 hover:bg-red-50',
              onClick: () => setDialog('delete'),
            },
          ]}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-base font-semibold text-gray-900">Résumé</h2>
          <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-600">Objet</dt>
            <dd className="break-words text-gray-900">{campaign.subject}</dd>
            <dt className="text-gray-600">Modèle</dt>
            <dd className="text-gray-900">{campaign.templateName ?? '—'}</dd>
            <dt className="text-gray-600">Expéditeur</dt>
            <dd className="break-words text-gray-900">
              {campaign.senderName} &lt;{campaign.senderEmail}&gt;
            </dd>
            <dt className="text-gray-600">Destinataires</dt>
            <dd className="text-gray-900">
              <span data-testid="recipient-count">
                {formatCount(campaign.recipientCount)} abonné{campaign.recipientCount > 1 ? 's' : ''} actif
                {campaign.recipientCount > 1 ? 's' : ''}
              </span>
              <span className="block text-xs text-gray-600">{segmentWords.join(' · ')}</span>
            </dd>
            {campaign.scheduledAt ? (
              <>
                <dt className="text-gray-600">Programmée</dt>
                <dd className="text-gray-900">{formatDateTime(campaign.scheduledAt)} (heure de Kinshasa)</dd>
              </>
            ) : null}
            {campaign.sentAt ? (
              <>
                <dt className="text-gray-600">Envoyée</dt>
                <dd className="text-gray-900">{formatDateTime(campaign.sentAt)}</dd>
              </>
            ) : null}
            {campaign.cancelledAt ? (
              <>
                <dt className="text-gray-600">Annulée</dt>
                <dd className="text-gray-900">{formatDateTime(campaign.cancelledAt)}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        {campaign.jobs.total > 0 ? <Progress campaign={campaign} /> : null}
      </div>

      {started ? <Results campaign={campaign} /> : null}

      <PreviewDialog
        campaignId={campaign.id}
        open={dialog === 'preview'}
        onOpenChange={(open) => setDialog(open ? 'preview' : null)}
      />
      <TestDialog
        campaignId={campaign.id}
        open={dialog === 'test'}
        onOpenChange={(open) => setDialog(open ? 'test' : null)}
      />
      <ScheduleDialog
        campaign={campaign}
        open={dialog === 'schedule'}
        pending={action.isPending}
        onOpenChange={(open) => setDialog(open ? 'schedule' : null)}
        onSchedule={(scheduledAt) =>
          run(
            { action: 'schedule', scheduledAt },
            { done: 'Campagne programmée', failed: 'Programmation impossible' },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'send'}
        onOpenChange={(open) => setDialog(open ? 'send' : null)}
        title="Envoyer la campagne maintenant ?"
        confirmLabel="Envoyer maintenant"
        pendingLabel="Lancement..."
        pending={action.isPending}
        danger={false}
        onConfirm={() => run({ action: 'send' }, { done: 'Envoi lancé', failed: 'Envoi impossible' })}
      >
        <p>
          « {campaign.subject} » part vers{' '}
          <strong>
            {formatCount(campaign.recipientCount)} destinataire{campaign.recipientCount > 1 ? 's' : ''} actif
            {campaign.recipientCount > 1 ? 's' : ''}
          </strong>
          . Une fois lancé, l'envoi peut être mis en pause ou annulé, mais les emails partis ne reviennent
          pas.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title="Annuler l'envoi ?"
        confirmLabel="Annuler l'envoi"
        pendingLabel="Annulation..."
        pending={action.isPending}
        onConfirm={() => run({ action: 'cancel' }, { done: 'Envoi annulé', failed: 'Annulation impossible' })}
      >
        <p>
          Les {formatCount(campaign.jobs.queued)} emails encore en attente ne partiront pas. Ceux déjà envoyés
          ({formatCount(campaign.jobs.sent)}) le restent.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title="Supprimer ce brouillon ?"
        confirmLabel="Supprimer définitivement"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(campaign.id, {
            onSuccess: () => {
              toast({ title: 'Campagne supprimée', description: campaign.title });
              navigate('/admin/emails/campaigns');
            },
            onError: (error) =>
              toast({
                title: 'Suppression impossible',
                description: errorMessage(error),
                variant: 'destructive',
              }),
          })
        }
      >
        <p>Le brouillon « {campaign.title} » sera supprimé.</p>
      </ConfirmDialog>
    </>
  );
}

function Progress({ campaign }: { campaign: CampaignDetail }) {
  const { jobs } = campaign;
  const done = jobs.total - jobs.queued;
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-gray-900">Progression</h2>
      <div
        role="progressbar"
        aria-label="Emails traités"
        aria-valuemin={0}
        aria-valuemax={jobs.total}
        aria-valuenow={done}
        className="h-3 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className="h-full bg-brand-700 transition-all"
          style={{ width: `${(done / jobs.total) * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-gray-700">
        {formatCount(done)} sur {formatCount(jobs.total)} traités
        {campaign.status === 'sending' && campaign.paused ? ' — envoi en pause' : ''}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="job-counts">
        {JOB_STATUSES.map((jobStatus) => (
          <div key={jobStatus} className="rounded-lg bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-600">{JOB_STATUS_LABELS[jobStatus]}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{formatCount(jobs[jobStatus])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Results({ campaign }: { campaign: CampaignDetail }) {
  const results = useQuery(campaignResultsQuery(campaign.id, campaign.status === 'sending'));
  const hydrated = useHydrated();
  // The results follow the progress: the last messages of a sending land between two polls, and
  // once the status is 'sent' the polling stops, so a change of the campaign's counts re-reads them.
  const queryClient = useQueryClient();
  const progress = `${campaign.status}/${campaign.jobs.sent}/${campaign.jobs.failed}/${campaign.jobs.queued}`;
  const seenProgress = useRef(progress);
  useEffect(() => {
    if (seenProgress.current === progress) return;
    seenProgress.current = progress;
    void queryClient.invalidateQueries({ queryKey: campaignResultsQuery(campaign.id, false).queryKey });
  }, [progress, campaign.id, queryClient]);
  if (results.isPending) return <LoadingState label="Chargement des résultats..." />;
  if (results.isError) return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
  const r: CampaignResults = results.data;
  const kpis: [string, string][] = [
    ['Envoyés', formatCount(r.sent)],
    ['Échecs', formatCount(r.failed)],
    ['Ouvertures', formatCount(r.opens)],
    ['Ouvertures uniques', formatCount(r.uniqueOpens)],
    ['Clics', formatCount(r.clicks)],
    ['Rebonds', formatCount(r.bounces)],
    ['Plaintes', formatCount(r.complaints)],
    ['Désabonnements', formatCount(r.unsubscribes)],
    ["Taux d'ouverture", formatRate(r.uniqueOpens, r.sent)],
  ];
  const placeholder = <div className="size-full animate-pulse rounded-lg bg-gray-50" />;
  return (
    <section aria-labelledby="campaign-results" className="mt-6 flex flex-col gap-6">
      <h2 id="campaign-results" className="text-lg font-bold text-gray-900">
        Résultats
      </h2>
      {!r.trackingEnabled ? (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Le suivi des ouvertures et des clics est désactivé dans les réglages : ces chiffres restent à zéro.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="campaign-kpis">
        {kpis.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-xl font-bold text-gray-900 tabular-nums" data-kpi={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Card className="min-w-0">
        <h3 className="text-base font-semibold text-gray-900">Heure par heure</h3>
        {r.timeline.length === 0 ? (
          <p className="py-6 text-sm text-gray-600">Pas encore d'envoi.</p>
        ) : (
          <>
            <div className="mt-4 h-60 min-w-0" aria-hidden="true">
              {hydrated ? (
                <Suspense fallback={placeholder}>
                  <CampaignTimelineChart data={r.timeline} />
                </Suspense>
              ) : (
                placeholder
              )}
            </div>
            <div className="sr-only">
              <table>
                <caption>Envois, ouvertures et clics par heure</caption>
                <thead>
                  <tr>
                    <th scope="col">Heure</th>
                    <th scope="col">Envoyés</th>
                    <th scope="col">Ouvertures</th>
                    <th scope="col">Clics</th>
                  </tr>
                </thead>
                <tbody>
                  {r.timeline.map((row) => (
                    <tr key={row.hour}>
                      <td>{formatHour(row.hour)}</td>
                      <td>{row.sent}</td>
                      <td>{row.opens}</td>
                      <td>{row.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
      <Card className="p-0">
        <h3 className="p-4 text-base font-semibold text-gray-900">Liens les plus cliqués</h3>
        {r.topLinks.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-gray-600">Aucun clic pour le moment.</p>
        ) : (
          <DataTable
            className="overflow-x-auto"
            head="compact"
            hover={false}
            items={r.topLinks}
            rowKey={(row) => row.url}
            columns={[
              {
                header: 'Lien',
                className: 'max-w-md px-4 py-2 break-all text-gray-900',
                cell: (row) => row.url,
              },
              {
                header: 'Clics',
                headerClassName: 'text-right',
                className: 'px-4 py-2 text-right tabular-nums',
                cell: (row) => formatCount(row.clicks),
              },
              {
                header: 'Clics uniques',
                headerClassName: 'text-right',
                className: 'px-4 py-2 text-right tabular-nums',
                cell: (row) => formatCount(row.uniqueClicks),
              },
            ]}
          />
        )}
      </Card>
    </section>
  );
}

function PreviewDialog({
  campaignId,
  open,
  onOpenChange,
}: {
  campaignId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = useQuery({ ...campaignPreviewQuery(campaignId), enabled: open });
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title="Aperçu de la campagne">
      <DialogBody>
        {preview.isPending ? (
          <LoadingState label="Préparation de l'aperçu..." />
        ) : preview.isError ? (
          <ErrorState error={new Error(errorMessage(preview.error))} onRetry={() => void preview.refetch()} />
        ) : (
          <>
            <p className="text-sm text-gray-700">
              <span className="font-medium">Objet :</span> {preview.data.subject}
            </p>
            <p className="text-xs text-gray-600">
              Avec des valeurs d'exemple ; les liens de désinscription de l'aperçu ne désinscrivent personne.
            </p>
            <EmailFrame html={preview.data.html} title="Aperçu de l'email" className="h-[60dvh]" />
          </>
        )}
      </DialogBody>
    </AdminDialog>
  );
}

function TestDialog({
  campaignId,
  open,
  onOpenChange,
}: {
  campaignId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Callbacks on the mutation itself, not on mutate(): they run even if the dialog's form is gone.
  const test = useMutation(
    testSendMutation({
      onSuccess: ({ email }) => {
        onOpenChange(false);
        toast({ title: 'Email de test envoyé', description: email });
      },
      onError: (error) =>
        toast({ title: 'Test impossible', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(CampaignTestSchema), defaultValues: { email: '' } });
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={test.isPending}
      title="Envoyer un test"
      description="Un exemplaire, objet préfixé de [TEST], avec des liens d'exemple."
    >
      <form
        noValidate
        onSubmit={handleSubmit(({ email }) => test.mutate({ id: campaignId, email }))}
        className="contents"
      >
        <DialogBody>
          <TextField
            label="Adresse email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={test.isPending}>
            {test.isPending ? 'Envoi...' : 'Envoyer le test'}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}

function ScheduleDialog({
  campaign,
  open,
  pending,
  onOpenChange,
  onSchedule,
}: {
  campaign: CampaignDetail;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSchedule: (scheduledAt: string) => void;
}) {
  const initial = campaign.scheduledAt
    ? isoToKinshasaLocal(new Date(campaign.scheduledAt))
    : isoToKinshasaLocal(new Date(Date.now() + 60 * 60 * 1000));
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return setError('Date et heure invalides');
    const iso = kinshasaLocalToIso(value);
    if (new Date(iso).getTime() <= Date.now()) return setError('Choisissez une date et une heure à venir');
    setError(null);
    onSchedule(iso);
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Programmer l'envoi"
      description="La campagne partira d'elle-même à cette heure, heure de Kinshasa."
    >
      <form
        noValidate
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <TextField
            label="Date et heure (Kinshasa)"
            type="datetime-local"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error ?? undefined}
          />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {pending ? 'Programmation...' : 'Programmer'}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
