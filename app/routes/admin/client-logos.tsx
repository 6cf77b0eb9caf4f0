import { ClientLogosScreen } from '~/features/admin/client-logos/client-logos-screen';

export const meta = () => [{ title: 'Logos clients — Administration' }];

/** The clients' logos shown under "Ils nous font confiance": app/features/admin/client-logos. */
export default function AdminClientLogos() {
  return <ClientLogosScreen />;
}
