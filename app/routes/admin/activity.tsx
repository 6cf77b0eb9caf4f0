import { ActivityScreen } from '~/features/admin/activity/activity-screen';

export const meta = () => [{ title: 'Journal d’activité — Administration' }];

export default function AdminActivity() {
  return <ActivityScreen />;
}
