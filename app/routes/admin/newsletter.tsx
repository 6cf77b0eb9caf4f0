import { SubscribersScreen } from '~/features/admin/newsletter/subscribers-screen';

export const meta = () => [{ title: 'Abonnés newsletter — Administration' }];

export default function AdminNewsletter() {
  return <SubscribersScreen />;
}
