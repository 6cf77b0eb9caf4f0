import { AudienceScreen } from '~/features/admin/audience/audience-screen';

export const meta = () => [{ title: 'Audience — Administration' }];

export default function AdminAudience() {
  return <AudienceScreen />;
}
