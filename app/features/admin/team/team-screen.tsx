/**
 * The team screen (decision 014): every member, hidden ones too, in the order of the public site's
 * cards. Per member: move up/down, show/hide on the site, edit, delete (confirmed).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import User from 'lucide-react/icons/user';
import { useState } from 'react';
import { TEAM_MAX_SKILLS } from '#common/constants.ts';
import type { AdminTeamMember } from '#common/schemas/team-admin.ts';
import { QueryStates, rowsSkeleton } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { OrderedList, OrderedRow } from '../kit/ordered-content';
import { AdminPageHeader, Card } from '../kit/page';
import { Thumbnail } from '../kit/thumbnail';
import { adminTeamQuery, deleteMemberMutation, moveMemberMutation, toggleMemberMutation } from './data';
import { TeamMemberDialog } from './team-form';

const EMPTY_HINT = 'Le site affiche « Équipe en construction » tant que personne n’est visible.';

export function TeamScreen() {
  const list = useQuery(adminTeamQuery);
  // undefined: closed; null: a new member; else the member being edited.
  const [editing, setEditing] = useState<AdminTeamMember | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AdminTeamMember | null>(null);
  const members = list.data ?? [];

  return (
    <>
      <AdminPageHeader
        title="Équipe"
        description="Les cartes de l’équipe affichées sur la page d’accueil et la page À propos, dans cet ordre."
        actions={<NewItemButton onClick={() => setEditing(null)} label="Ajouter un membre" />}
      />
      <Card>
        <QueryStates
          query={list}
          skeleton={rowsSkeleton('h-[8.5rem] md:h-[5.3rem]')}
          isEmpty={(data) => data.length === 0}
          empty={{ title: 'Aucun membre pour le moment.', children: EMPTY_HINT }}
        >
          {() => (
            <OrderedList items={members} label="Membres de l’équipe" busy={list.isFetching}>
              {(member, index) => (
                <MemberRow
                  member={member}
                  first={index === 0}
                  last={index === members.length - 1}
                  onEdit={() => setEditing(member)}
                  onDelete={() => setToDelete(member)}
                />
              )}
            </OrderedList>
          )}
        </QueryStates>
      </Card>
      <TeamMemberDialog
        open={editing !== undefined}
        member={editing ?? null}
        members={members}
        onClose={() => setEditing(undefined)}
      />
      <DeleteMemberDialog member={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function MemberRow({
  member,
  first,
  last,
  onEdit,
  onDelete,
}: {
  member: AdminTeamMember;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const extra = member.skills.length - TEAM_MAX_SKILLS;
  return (
    <OrderedRow
      item={member}
      name={member.name}
      testId="team-row"
      first={first}
      last={last}
      mutations={{ move: moveMemberMutation, toggle: toggleMemberMutation }}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Thumbnail
          src={member.photoUrl}
          icon={User}
          size={48}
          className="size-12 rounded-full"
          placeholderClassName="bg-brand-100 text-brand-800"
        />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-gray-900">{member.name}</span>
            {member.isActive ? null : <Badge tone="gray">Masqué</Badge>}
          </p>
          <p className="truncate text-sm text-brand-800">{member.position}</p>
          {member.skills.length > 0 ? (
            <p className="truncate text-xs text-gray-600">
              {member.skills.slice(0, TEAM_MAX_SKILLS).join(' · ')}
              {extra > 0 ? ` (+${extra})` : ''}
            </p>
          ) : null}
        </div>
      </div>
    </OrderedRow>
  );
}

function DeleteMemberDialog({ member, onClose }: { member: AdminTeamMember | null; onClose: () => void }) {
  const remove = useMutation(deleteMemberMutation());
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Retirer {member?.name} de l’équipe ?</>}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      onConfirm={() => {
        if (member) remove.mutate({ item: member }, { onSettled: onClose });
      }}
    >
      Sa fiche et sa photo seront supprimées définitivement. Pour ne plus l’afficher sans rien perdre,
      masquez-la plutôt.
    </ConfirmDialog>
  );
}
