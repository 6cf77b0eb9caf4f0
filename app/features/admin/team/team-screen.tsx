/**
 * The team screen (decision 014): every member, hidden ones too, in the order of the public site's
 * cards. Per member: move up/down, show/hide on the site, edit, delete (confirmed).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { TEAM_MAX_SKILLS } from '#common/constants.ts';
import type { AdminTeamMember } from '#common/schemas/team-admin.ts';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '../confirm-dialog';
import { MoveButtons, VisibilitySwitch } from '../services/controls';
import { AdminPageHeader, Badge, Card, EmptyState, ErrorState, LoadingState } from '../ui';
import { adminTeamQuery, deleteMemberMutation, moveMemberMutation, toggleMemberMutation } from './data';
import { TeamMemberDialog } from './team-form';

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
        description="Les cartes de l'équipe affichées sur la page d'accueil et la page À propos, dans cet ordre."
        actions={
          <Button size="sm" onClick={() => setEditing(null)}>
            <Plus className="size-4" aria-hidden="true" />
            Ajouter un membre
          </Button>
        }
      />
      <Card>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : members.length === 0 ? (
          <EmptyState title="Aucun membre pour le moment.">
            Le site affiche « Équipe en construction » tant que personne n'est visible.
          </EmptyState>
        ) : (
          <ul
            className="divide-y divide-gray-100"
            aria-label="Membres de l'équipe"
            aria-busy={list.isFetching}
          >
            {members.map((member, index) => (
              <li key={member.id} className="py-3 first:pt-0 last:pb-0">
                <MemberRow
                  member={member}
                  first={index === 0}
                  last={index === members.length - 1}
                  onEdit={() => setEditing(member)}
                  onDelete={() => setToDelete(member)}
                />
              </li>
            ))}
          </ul>
        )}
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
  const toggle = useMutation(toggleMemberMutation());
  const move = useMutation(moveMemberMutation());
  const extra = member.skills.length - TEAM_MAX_SKILLS;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-testid="team-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {member.photoUrl ? (
          <img
            src={member.photoUrl}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <User className="size-6" aria-hidden="true" />
          </span>
        )}
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
      <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
        <MoveButtons
          name={member.name}
          canUp={!first}
          canDown={!last}
          disabled={move.isPending}
          onMove={(direction) => move.mutate({ member, direction })}
        />
        <VisibilitySwitch
          checked={member.isActive}
          label={`Afficher « ${member.name} » sur le site`}
          disabled={toggle.isPending}
          onChange={(isActive) => toggle.mutate({ member, isActive })}
        />
        <Button variant="ghost" size="icon" aria-label={`Modifier « ${member.name} »`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50"
          aria-label={`Supprimer « ${member.name} »`}
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function DeleteMemberDialog({ member, onClose }: { member: AdminTeamMember | null; onClose: () => void }) {
  const remove = useMutation(deleteMemberMutation());
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Retirer {member?.name} de l'équipe ?</>}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      onConfirm={() => {
        if (member) remove.mutate(member, { onSettled: onClose });
      }}
    >
      Sa fiche et sa photo seront supprimées définitivement. Pour ne plus l'afficher sans rien perdre,
      masquez-la plutôt.
    </ConfirmDialog>
  );
}
