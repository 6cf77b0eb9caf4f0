import { AgendaScreen } from '~/features/admin/bookings/agenda-screen';

export const meta = () => [{ title: 'Rendez-vous — Administration' }];

export default function AdminAgenda() {
  return <AgendaScreen />;
}
