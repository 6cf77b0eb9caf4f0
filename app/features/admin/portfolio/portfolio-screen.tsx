/**
 * The portfolio for the staff (decision 015): every case study as a card (image, client, sector,
 * key results, status), a search and a status filter in the address, and the actions: edit in a
 * dialog, publish, unpublish and delete (both confirmed: they change the public page).
 */
import { useMutation } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import ImageIcon from 'lucide-react/icons/image';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import type { AdminCaseStudy } from '#common/schemas/portfolio-admin.ts';
import { Button } from '~/components/ui/button';
import { toSearch } from '../data/queries';
import { AdminList, useAdminList } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { formatDate } from '../kit/dates';
import { AdminPageHeader, Card } from '../kit/page';
import { PublicationConfirmDialog, usePublicationActions } from '../kit/publication-actions';
import { Loading, Tiles } from '../kit/skeleton';
import { Thumbnail } from '../kit/thumbnail';
import { CaseStudyDialog } from './case-study-dialog';
import {
  CASE_STUDY_LIST_DEFAULTS,
  type CaseStudyListParams,
  caseStudiesQuery,
  caseStudyPublicationMutation,
  deleteCaseStudyMutation,
} from './data';

const STATUS_OPTIONS = [
  { value: 'published', label: 'Publiées' },
  { value: 'draft', label: 'Non publiées' },
];

function readParams(search: URLSearchParams): CaseStudyListParams {
  const status = search.get('status');
  return {
    q: search.get('q') ?? undefined,
    status: status === 'published' || status === 'draft' ? status : undefined,
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

const writeParams = (params: CaseStudyListParams) =>
  toSearch(params as Record<string, string | number | undefined>, CASE_STUDY_LIST_DEFAULTS);

export function PortfolioScreen() {
  const list = useAdminList(readParams, writeParams, caseStudiesQuery);
  const { params } = list;
  const publication = useMutation(caseStudyPublicationMutation());
  const remove = useMutation(deleteCaseStudyMutation());
  const [editing, setEditing] = useState<AdminCaseStudy | 'new' | null>(null);
  const actions = usePublicationActions({
    publication,
    remove,
    toasts: {
      published: 'Étude de cas publiée',
      unpublished: 'Étude de cas dépubliée',
      deleted: 'Étude de cas supprimée',
    },
  });
  const { pending, ask, publish } = actions;

  const filtered = Boolean(params.q || params.status);

  return (
    <>
      <AdminPageHeader
        title="Portfolio"
        description="Les études de cas présentées sur la page Portfolio du site."
        actions={<NewItemButton onClick={() => setEditing('new')} label="Nouvelle étude de cas" />}
      />
      <Card>
        <AdminList
          list={list}
          skeleton={
            <Loading>
              <Tiles
                count={4}
                className="grid gap-4 md:grid-cols-2"
                tileClassName="h-[27rem] md:h-[17.5rem]"
              />
            </Loading>
          }
          toolbar={{
            search: { label: 'Rechercher une étude de cas', placeholder: 'Titre, client, secteur' },
            filters: [{ key: 'status', label: 'Statut', allLabel: 'Toutes', options: STATUS_OPTIONS }],
          }}
          empty={{
            title: filtered
              ? 'Aucune étude de cas ne correspond à ces filtres.'
              : 'Aucune étude de cas pour le moment.',
            children: filtered ? null : 'Présentez un projet réussi avec ses chiffres clés.',
          }}
        >
          {(data) => (
            <ul className="grid gap-4 md:grid-cols-2" aria-busy={list.query.isFetching}>
              {data.items.map((caseStudy) => (
                <li
                  key={caseStudy.id}
                  data-testid="case-study-card"
                  className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-gray-200"
                >
                  <div className="flex gap-3 p-3">
                    <Thumbnail
                      src={caseStudy.coverUrl}
                      icon={ImageIcon}
                      className="size-20 rounded-md bg-gray-100"
                      placeholderClassName="text-gray-400"
                    />
                    <div className="min-w-0 flex-1">
                      <h2 className="font-semibold break-words text-gray-900">{caseStudy.title}</h2>
                      <p className="text-sm break-words text-gray-600">
                        {caseStudy.clientName} · {caseStudy.industry}
                      </p>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
                        <Badge tone={caseStudy.isPublished ? 'green' : 'amber'}>
                          {caseStudy.isPublished ? 'Publiée' : 'Non publiée'}
                        </Badge>
                        <span>Modifiée le {formatDate(caseStudy.updatedAt)}</span>
                      </div>
                    </div>
                  </div>
                  {caseStudy.results.length > 0 ? (
                    <dl className="flex flex-wrap gap-x-4 gap-y-1 border-t border-gray-100 px-3 py-2 text-sm">
                      {caseStudy.results.map((result) => (
                        <div key={`${result.label}-${result.value}`} className="flex gap-1">
                          <dt className="text-gray-600">{result.label} :</dt>
                          <dd className="font-semibold whitespace-nowrap text-brand-800">{result.value}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  <div className="mt-auto flex flex-wrap gap-1 border-t border-gray-100 p-2">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(caseStudy)}>
                      <Pencil className="size-4" aria-hidden="true" />
                      Modifier
                      <span className="sr-only"> « {caseStudy.title} »</span>
                    </Button>
                    {caseStudy.isPublished ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => ask({ item: caseStudy, action: 'unpublish' })}
                      >
                        <EyeOff className="size-4" aria-hidden="true" />
                        Dépublier
                        <span className="sr-only"> « {caseStudy.title} »</span>
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={publication.isPending}
                        onClick={() => publish(caseStudy)}
                      >
                        <Eye className="size-4" aria-hidden="true" />
                        Publier
                        <span className="sr-only"> « {caseStudy.title} »</span>
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto text-red-700 hover:bg-red-50"
                      onClick={() => ask({ item: caseStudy, action: 'delete' })}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Supprimer
                      <span className="sr-only"> « {caseStudy.title} »</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </AdminList>
      </Card>
      <CaseStudyDialog editing={editing} onClose={() => setEditing(null)} />
      <PublicationConfirmDialog
        actions={actions}
        titles={{ delete: 'Supprimer l’étude de cas ?', unpublish: 'Dépublier l’étude de cas ?' }}
      >
        {pending ? (
          <p>
            <strong className="wrap-anywhere text-gray-900">{pending.item.title}</strong>{' '}
            {pending.action === 'delete'
              ? 'sera supprimée avec son image. Cette action est irréversible.'
              : 'ne sera plus affichée sur la page Portfolio. Vous pourrez la republier.'}
          </p>
        ) : null}
      </PublicationConfirmDialog>
    </>
  );
}
