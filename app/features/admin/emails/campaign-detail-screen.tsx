/**
 * One campaign (decision 019): what it is (subject, template, sender, recipients), what can be done
 * with it given its status (edit, preview, test, send now, schedule, unschedule, pause, resume,
 * cancel, delete a draft), its progress while sending (re-read every 3 s, only then) and its
 * results: KPI cards, the hourly timeline and the most clicked links. The progress, the results
 * and the preview, test and schedule dialogs have their own files next to this one.
 */
import { useMutation } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import XCircle from 'lucide-react/icons/circle-x';
import Eye from 'lucide-react/icons/eye';
import Mail from 'lucide-react/icons/mail';
import Pause from 'lucide-react/icons/pause';
import Pencil from 'lucide-react/icons/pencil';
import Play from 'lucide-react/icons/play';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CampaignDetail } from '#common/schemas/campaigns.ts';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { formatDateTime } from '../kit/dates';
import type { DialogProps } from '../kit/dialog-frame';
import { ListBackLink, ListItemLoader } from '../kit/item-screen';
import { AdminPageHeader } from '../kit/page';
import { ScheduleDialog } from '../kit/schedule-dialog';
import { useRealtimeChannel } from '../realtime/realtime-channel';
import { CampaignPreviewDialog } from './campaign-preview-dialog';
import { CampaignProgress } from './campaign-progress';
import { CampaignResultsSection } from './campaign-results';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CampaignSummary } from './campaign-summary';
import { CampaignTestDialog } from './campaign-test-dialog';
import { SubjectText } from './composer/subject-text';
import {
  CAMPAIGN_LIST,
  type CampaignActionRequest,
  campaignActionMutation,
  campaignQuery,
  deleteCampaignMutation,
} from './data';
import { formatCount } from './format';

type DialogName = 'preview' | 'test' | 'send' | 'schedule' | 'cancel' | 'delete' | null;

export function CampaignDetailScreen({ campaignId }: { campaignId: string }) {
  // The worker's moves (scheduled → sending → sent, or held back) show without a reload.
  useRealtimeChannel('campaigns');
  return (
    <ListItemLoader
      list={CAMPAIGN_LIST}
      options={campaignQuery(campaignId)}
      render={(campaign) => <CampaignDetailView campaign={campaign} />}
    />
  );
}

type BarAction = {
  label: string;
  icon?: LucideIcon;
  variant?: 'secondary' | 'ghost';
  /** Destroys or stops something: a ghost button in red. */
  danger?: boolean;
  className?: string;
  /** A link to another screen, rather than a button. */
  to?: string;
  onClick?: () => void;
  /** Available while another action runs (the others wait). */
  always?: boolean;
  /** Not possible now; `describedBy` names the element that says why. */
  disabled?: boolean;
  describedBy?: string;
};

/** The campaign's actions, those that apply (the others are `false`), in this order. */
function ActionBar({ actions, busy }: { actions: (BarAction | false)[]; busy: boolean }) {
  return actions.map((action) => {
    if (!action) return null;
    const {
      label,
      icon: Icon,
      variant,
      danger,
      className,
      to,
      onClick,
      always,
      disabled,
      describedBy,
    } = action;
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
        variant={danger ? 'ghost' : variant}
        className={danger ? cn('text-red-700 hover:bg-red-50', className) : className}
        disabled={disabled || (always ? undefined : busy)}
        aria-describedby={describedBy}
        onClick={onClick}
      >
        {content}
      </Button>
    );
  });
}

/** The actions that apply to the campaign in its status (the others are `false`), in the bar's order. */
function campaignActions(
  campaign: CampaignDetail,
  {
    notReady,
    setDialog,
    run,
  }: {
    notReady: boolean;
    setDialog: (dialog: DialogName) => void;
    run: (input: CampaignActionRequest, messages: { done: string; failed: string }) => void;
  },
): (BarAction | false)[] {
  const { status, paused } = campaign;
  const editable = status === 'draft' || status === 'scheduled';
  return [
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
    editable && {
      label: 'Envoyer maintenant',
      icon: Send,
      disabled: notReady,
      describedBy: notReady ? 'campaign-problems' : undefined,
      onClick: () => setDialog('send'),
    },
    editable && {
      label: status === 'scheduled' ? 'Reprogrammer' : 'Programmer',
      icon: CalendarClock,
      variant: 'secondary',
      disabled: notReady,
      describedBy: notReady ? 'campaign-problems' : undefined,
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
        onClick: () => run({ action: 'pause' }, { done: 'Envoi mis en pause', failed: 'Pause impossible' }),
      },
    status === 'sending' &&
      paused && {
        label: 'Reprendre',
        icon: Play,
        onClick: () => run({ action: 'resume' }, { done: 'Envoi repris', failed: 'Reprise impossible' }),
      },
    status === 'sending' && {
      label: 'Annuler l’envoi',
      icon: XCircle,
      danger: true,
      onClick: () => setDialog('cancel'),
    },
    status === 'draft' && {
      label: 'Supprimer',
      icon: Trash2,
      danger: true,
      className: 'ml-auto',
      onClick: () => setDialog('delete'),
    },
  ];
}

/** What stops the campaign from being sent, as the server checked it. */
function ReadinessProblems({ problems }: { problems: string[] }) {
  return (
    <section
      id="campaign-problems"
      aria-labelledby="campaign-problems-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="campaign-problems-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4" aria-hidden="true" />
        Avant de l’envoyer ou de la programmer
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}

function CampaignDetailView({ campaign }: { campaign: CampaignDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogName>(null);
  const action = useMutation(campaignActionMutation());
  const remove = useMutation(deleteCampaignMutation());
  const { status, paused } = campaign;
  const editable = status === 'draft' || status === 'scheduled';
  const notReady = editable && campaign.problems.length > 0;
  const started = status === 'sending' || status === 'sent' || status === 'failed';
  const busy = action.isPending || remove.isPending;
  const dialogProps = (name: NonNullable<DialogName>): DialogProps => ({
    open: dialog === name,
    onOpenChange: (open) => setDialog(open ? name : null),
  });

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

  /** A confirmation whose button runs the action of the same name. */
  const confirmRun = (name: 'send' | 'cancel', messages: { done: string; failed: string }) => ({
    ...dialogProps(name),
    pending: action.isPending,
    onConfirm: () => run({ action: name }, messages),
  });

  return (
    <>
      <ListBackLink list={CAMPAIGN_LIST} />
      <AdminPageHeader
        title={campaign.title}
        description={`Créée le ${formatDateTime(campaign.createdAt)}, modifiée le ${formatDateTime(campaign.updatedAt)}.`}
        actions={<CampaignStatusBadge status={status} paused={paused} />}
      />

      <div className="mb-6 flex flex-wrap gap-2">
        <ActionBar busy={busy} actions={campaignActions(campaign, { notReady, setDialog, run })} />
      </div>

      {notReady ? <ReadinessProblems problems={campaign.problems} /> : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <CampaignSummary campaign={campaign} />
        {campaign.jobs.total > 0 ? <CampaignProgress campaign={campaign} /> : null}
      </div>

      {started ? <CampaignResultsSection campaign={campaign} /> : null}

      <CampaignPreviewDialog campaignId={campaign.id} {...dialogProps('preview')} />
      <CampaignTestDialog campaign={campaign} {...dialogProps('test')} />
      <ScheduleDialog
        title="Programmer l’envoi"
        description="La campagne partira d’elle-même à cette heure, heure de Kinshasa."
        current={campaign.scheduledAt}
        {...dialogProps('schedule')}
        pending={action.isPending}
        onSchedule={(scheduledAt) =>
          run(
            { action: 'schedule', scheduledAt },
            { done: 'Campagne programmée', failed: 'Programmation impossible' },
          )
        }
      />
      <ConfirmDialog
        {...confirmRun('send', { done: 'Envoi lancé', failed: 'Envoi impossible' })}
        title="Envoyer la campagne maintenant ?"
        confirmLabel="Envoyer maintenant"
        pendingLabel="Lancement..."
        danger={false}
      >
        <p>
          « 
          <SubjectText subject={campaign.subject} />
           » part vers{' '}
          <strong>
            {formatCount(campaign.recipientCount)} destinataire{campaign.recipientCount > 1 ? 's' : ''} actif
            {campaign.recipientCount > 1 ? 's' : ''}
          </strong>
          . Une fois lancé, l’envoi peut être mis en pause ou annulé, mais les emails partis ne reviennent
          pas.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        {...confirmRun('cancel', { done: 'Envoi annulé', failed: 'Annulation impossible' })}
        title="Annuler l’envoi ?"
        confirmLabel="Annuler l’envoi"
        pendingLabel="Annulation..."
      >
        <p>
          Les {formatCount(campaign.jobs.queued)} emails encore en attente ne partiront pas. Ceux déjà envoyés
          ({formatCount(campaign.jobs.sent)}) le restent.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialogProps('delete')}
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
