import { TeamScreen } from '~/features/admin/team/team-screen';

export const meta = () => [{ title: 'Équipe — Administration' }];

/** The team shown on the home and About pages: app/features/admin/team. */
export default function AdminTeam() {
  return <TeamScreen />;
}
