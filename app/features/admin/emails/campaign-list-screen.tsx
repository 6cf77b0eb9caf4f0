/**
 * /admin/emails/campaigns: the campaigns, newest first, filtered by status (kept in the address),
 * with their progress (messages sent out of jobs); above them, the new blog posts and case studies
 * not yet announced, which become an announcement draft in one click.
 */

import { useMutation, useQuery } from '@tanstack/react-query';
import Megaphone from 'lucide-react/icons/megaphone';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '#common/enums.ts';
import { CAMPAIGN_STATUS_LABELS } from '#common/schemas/campaigns.ts';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { toSearch } from '../data/queries';
import { AdminList, DataTable, rowsSkeleton, useAdminList } from '../kit/admin-list';
import { NewItemButton } from '../kit/buttons';
import { formatDateTime } from '../kit/dates';
import { AdminPageHeader, Card } from '../kit/page';
import { useRealtimeChannel } from '../realtime/realtime-channel';
import { CampaignStatusBadge } from './campaign-status-badge';
import { SubjectText } from './composer/subject-text';
import { announcementMutation, type CampaignListParams, campaignsQuery, newContentQuery } from './data';

const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: CAMPAIGN_STATUS_LABELS[value] }));

function readParams(search: URLSearchParams): CampaignListParams {
  const status = search.get('status') ?? '';
  return {
    status: (CAMPAIGN_STATUSES as readonly string[]).includes(status)
      ? (status as CampaignStatus)
      : undefined,
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

const writeParams = (params: CampaignListParams) => toSearch(params, { page: 1 });

export function CampaignListScreen() {
  const list = useAdminList(readParams, writeParams, campaignsQuery);
  useRealtimeChannel('campaigns');

  return (
    <>
      <AdminPageHeader
        title="Campagnes"
        description="Emails envoyés aux abonnés actifs de la newsletter."
        actions={<NewItemButton to="/admin/emails/campaigns/new" label="Nouvelle campagne" />}
      />
      <NewContentCard />
      <Card className="p-0">
        <AdminList
          list={list}
          skeleton={rowsSkeleton('h-28 md:h-16', true)}
          toolbar={{
            className: 'flex flex-wrap items-center gap-3 border-b border-gray-100 p-4',
            filters: [{ key: 'status', label: 'Statut', options: STATUS_OPTIONS, allLabel: 'Tous' }],
          }}
          empty={{
            title: list.params.status ? 'Aucune campagne avec ce statut' : 'Aucune campagne pour le moment',
            children: 'Créez-en une avec « Nouvelle campagne ».',
          }}
          frame={(content) => <div className="overflow-x-auto">{content}</div>}
          paginationClassName="px-4 pb-4"
        >
          {(data) => (
            <DataTable
              head="boxed"
              items={data.items}
              rowKey={(campaign) => campaign.id}
              columns={[
                {
                  header: 'Campagne',
                  className: 'px-4 py-3',
                  cell: (campaign) => (
                    <>
                      <Link
                        to={`/admin/emails/campaigns/${campaign.id}`}
                        className="font-medium break-words text-brand-800 hover:underline"
                      >
                        {campaign.title}
                      </Link>
                      <p className="mt-0.5 text-xs break-words text-gray-600">
                        <SubjectText subject={campaign.subject} />
                      </p>
                    </>
                  ),
                },
                {
                  header: 'Statut',
                  className: 'px-4 py-3',
                  cell: (campaign) => (
                    <CampaignStatusBadge status={campaign.status} paused={campaign.paused} />
                  ),
                },
                {
                  header: 'Envois',
                  from: 'sm',
                  className: 'px-4 py-3 text-gray-700 tabular-nums',
                  cell: (campaign) =>
                    campaign.jobs.total > 0 ? `${campaign.jobs.sent} / ${campaign.jobs.total}` : '—',
                },
                {
                  header: 'Date',
                  from: 'md',
                  className: 'px-4 py-3 text-gray-700',
                  cell: (campaign) =>
                    campaign.sentAt
                      ? `Envoyée le ${formatDateTime(campaign.sentAt)}`
                      : campaign.scheduledAt
                        ? `Programmée le ${formatDateTime(campaign.scheduledAt)}`
                        : `Créée le ${formatDateTime(campaign.createdAt)}`,
                },
              ]}
            />
          )}
        </AdminList>
      </Card>
    </>
  );
}

/** Published content not yet announced: tick some, get an announcement draft to review. */
function NewContentCard() {
  const navigate = useNavigate();
  const publications = useQuery(newContentQuery);
  const announcement = useMutation(announcementMutation());
  const [selected, setSelected] = useState<string[]>([]);
  if (!publications.data || publications.data.length === 0) return null;

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <Card className="mb-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
        Nouveaux contenus à annoncer
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Cochez les contenus à présenter : un brouillon de campagne est préparé avec le modèle d’annonce.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {publications.data.map((publication) => (
          <li key={publication.id}>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-brand-700"
                checked={selected.includes(publication.id)}
                onChange={() => toggle(publication.id)}
              />
              <span>
                <span className="font-medium text-gray-900">{publication.title}</span>
                <span className="text-gray-600">
                  {' '}
                  · {publication.contentType === 'blog' ? 'Article' : 'Étude de cas'} publié le{' '}
                  {formatDateTime(publication.publishedAt)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        className="mt-3"
        disabled={selected.length === 0 || announcement.isPending}
        onClick={() =>
          announcement.mutate(selected, {
            onSuccess: (campaign) => {
              toast({ title: 'Brouillon d’annonce créé', description: campaign.title });
              navigate(`/admin/emails/campaigns/${campaign.id}/edit`);
            },
            onError: (error) =>
              toast({
                title: 'Annonce impossible',
                description: errorMessage(error),
                variant: 'destructive',
              }),
          })
        }
      >
        {announcement.isPending ? 'Préparation...' : `Préparer l’annonce (${selected.length})`}
      </Button>
    </Card>
  );
}
