import { ServicesScreen } from '~/features/admin/services/services-screen';

export const meta = () => [{ title: 'Services — Administration' }];

/** The services of the public site as a tree: app/features/admin/services. */
export default function AdminServices() {
  return <ServicesScreen />;
}
