import { DashboardScreen } from '~/features/admin/dashboard/dashboard-screen';

export const meta = () => [{ title: 'Tableau de bord — Administration' }];

export default function AdminDashboard() {
  return <DashboardScreen />;
}
