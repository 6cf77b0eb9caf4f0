import { ServicesScreen } from '~/features/admin/services/services-screen';

export const meta = () => [{ title: 'Services — Administration' }];

/** The services of the public site as a tree (issue 7): app/features/admin/services. */
export default function AdminServices() {
  return <ServicesScreen />;
}
