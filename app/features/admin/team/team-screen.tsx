/**
 * The team screen (decision 014): every member, hidden ones too, in the order of the public site's
 * cards. Per member: move up/down, show/hide on the site, edit, delete (confirmed).
 */
import { useQuery } from '@tanstack/react-query';
import User from 'lucide-react/icons/user';
import { TEAM_MAX_SKILLS } from '#common/constants.ts';
import type { AdminTeamMember } from '#common/schemas/team-admin.ts';
import { Badge } from '../kit/badge';
import { OrderedItemsScreen } from '../kit/ordered-items-screen';
import { PortraitSummary } from '../kit/thumbnail';
import {
  adminTeamQuery,
  deleteMemberMutation,
  moveMemberMutation,
  saveMemberMutation,
  toggleMemberMutation,
} from './data';
import { TeamMemberForm } from './team-form';

export function TeamScreen() {
  return (
    <OrderedItemsScreen
      list={useQuery(adminTeamQuery)}
      title="Équipe"
      description="Les cartes de l’équipe affichées sur la page d’accueil et la page À propos, dans cet ordre."
      addLabel="Ajouter un membre"
      listLabel="Membres de l’équipe"
      rowHeight="h-[8.5rem] md:h-[5.3rem]"
      empty={{
        title: 'Aucun membre pour le moment.',
        children: 'Le site affiche « Équipe en construction » tant que personne n’est visible.',
      }}
      row={{
        testId: 'team-row',
        name: (member) => member.name,
        mutations: { move: moveMemberMutation, toggle: toggleMemberMutation },
        content: (member) => <MemberSummary member={member} />,
      }}
      form={{
        component: TeamMemberForm,
        editTitle: 'Modifier la fiche',
        newDescription: 'La carte apparaît sur la page d’accueil et la page À propos.',
        save: { mutation: saveMemberMutation, fallback: 'La fiche n’a pas pu être enregistrée.' },
      }}
      remove={{
        mutation: deleteMemberMutation,
        title: (member) => <>Retirer {member?.name} de l’équipe ?</>,
        warning:
          'Sa fiche et sa photo seront supprimées définitivement. Pour ne plus l’afficher sans rien perdre, masquez-la plutôt.',
      }}
    />
  );
}

function MemberSummary({ member }: { member: AdminTeamMember }) {
  const extra = member.skills.length - TEAM_MAX_SKILLS;
  return (
    <PortraitSummary
      src={member.photoUrl}
      icon={User}
      name={member.name}
      badges={member.isActive ? null : <Badge tone="gray">Masqué</Badge>}
    >
      <p className="truncate text-sm text-brand-800">{member.position}</p>
      {member.skills.length > 0 ? (
        <p className="truncate text-xs text-gray-600">
          {member.skills.slice(0, TEAM_MAX_SKILLS).join(' · ')}
          {extra > 0 ? ` (+${extra})` : ''}
        </p>
      ) : null}
    </PortraitSummary>
  );
}
