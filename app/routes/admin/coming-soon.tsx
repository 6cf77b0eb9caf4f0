/**
 * The content screens (services, team, blog, portfolio, settings) arrive with issue 7; until then
 * the navigation reaches a page that says so instead of a 404.
 */
import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { ADMIN_NAV } from '~/features/admin/navigation';
import { Card } from '~/features/admin/ui';

export const meta = () => [{ title: 'Administration' }];

export default function ComingSoon() {
  const { pathname } = useLocation();
  const item = ADMIN_NAV.find((entry) => entry.to === pathname);
  return (
    <Card className="flex flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-amber-600" aria-hidden="true" />
      <h1 className="text-xl font-bold text-gray-900">{item?.label ?? 'Administration'}</h1>
      <p className="max-w-md text-gray-600">
        Cet écran est en cours de construction. En attendant, les contenus se gèrent depuis la base de
        données.
      </p>
    </Card>
  );
}
