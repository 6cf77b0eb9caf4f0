/**
 * The client logos screen (docs/decisions/087-client-logos.md): every logo, hidden ones too, in
 * the order of the public row "Ils nous font confiance". Per logo: move up/down, show/hide on the
 * site, edit (with a preview, grey and in colour), delete (confirmed). Seeded examples say "Démo"
 * until the agency edits them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminClientLogo } from '#common/schemas/client-logos-admin.ts';
import { ClientLogoMark } from '~/components/client-logo';
import { QueryStates, rowsSkeleton } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { OrderedList, OrderedRow } from '../kit/ordered-content';
import { AdminPageHeader, Card } from '../kit/page';
import { ClientLogoDialog } from './client-logo-form';
import {
  adminClientLogosQuery,
  deleteClientLogoMutation,
  moveClientLogoMutation,
  toggleClientLogoMutation,
} from './data';

export function ClientLogosScreen() {
  const list = useQuery(adminClientLogosQuery);
  // undefined: closed; null: a new logo; else the one being edited.
  const [editing, setEditing] = useState<AdminClientLogo | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AdminClientLogo | null>(null);
  const logos = list.data ?? [];

  return (
    <>
      <AdminPageHeader
        title="Logos clients"
        description="La rangée « Ils nous font confiance » de la page d’accueil et de la page À propos, dans cet ordre."
        actions={<NewItemButton onClick={() => setEditing(null)} label="Ajouter un logo" />}
      />
      <Card>
        <QueryStates
          query={list}
          skeleton={rowsSkeleton('h-[9.5rem] md:h-[4.5rem]')}
          isEmpty={(data) => data.length === 0}
          empty={{
            title: 'Aucun logo pour le moment.',
            children: 'Sans logo visible, le site n’affiche pas la rangée « Ils nous font confiance ».',
          }}
        >
          {() => (
            <OrderedList items={logos} label="Logos clients" busy={list.isFetching}>
              {(logo, index) => (
                <OrderedRow
                  item={logo}
                  name={logo.name}
                  testId="client-logo-row"
                  first={index === 0}
                  last={index === logos.length - 1}
                  mutations={{ move: moveClientLogoMutation, toggle: toggleClientLogoMutation }}
                  onEdit={() => setEditing(logo)}
                  onDelete={() => setToDelete(logo)}
                >
                  <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1">
                    <ClientLogoMark logo={logo} index={index} className="w-40 shrink-0" />
                    <p className="flex min-w-0 flex-wrap items-center gap-2">
                      <span className="font-semibold text-gray-900">{logo.name}</span>
                      {logo.isActive ? null : <Badge tone="gray">Masqué</Badge>}
                      {logo.isDemo ? <Badge tone="amber">Démo</Badge> : null}
                      {logo.websiteUrl ? (
                        <span className="w-full truncate text-sm text-gray-600">{logo.websiteUrl}</span>
                      ) : null}
                    </p>
                  </div>
                </OrderedRow>
              )}
            </OrderedList>
          )}
        </QueryStates>
      </Card>
      <ClientLogoDialog
        open={editing !== undefined}
        logo={editing ?? null}
        logos={logos}
        onClose={() => setEditing(undefined)}
      />
      <DeleteClientLogoDialog logo={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function DeleteClientLogoDialog({ logo, onClose }: { logo: AdminClientLogo | null; onClose: () => void }) {
  const remove = useMutation(deleteClientLogoMutation());
  return (
    <ConfirmDialog
      open={logo !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Supprimer le logo de {logo?.name} ?</>}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      onConfirm={() => {
        if (logo) remove.mutate({ item: logo }, { onSettled: onClose });
      }}
    >
      Le logo et son image seront supprimés définitivement. Pour ne plus l’afficher sans rien perdre,
      masquez-le plutôt.
    </ConfirmDialog>
  );
}
