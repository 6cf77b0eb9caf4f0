/**
 * Settings (decision 016): the site's settings by category, the company figures of the home page,
 * the admin accounts, the availability for discovery calls (decision 078), the devices that get
 * the staff's notifications (decision 080), one's own password and the second factor (decision
 * 079) and the backups (decision 099), as eight tabs. The tab lives in the address (?onglet=), so a reload or a shared link opens
 * the same one.
 */
import { Tabs } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '~/features/admin/kit/page';
import { CardsSkeleton } from '~/features/admin/kit/skeleton';
import { PasswordPanel } from '~/features/admin/settings/password-panel';
import { UsersPanel } from '~/features/admin/settings/users-panel';

export const meta = () => [{ title: 'Paramètres — Administration' }];

/**
 * The site's settings and the company figures are checked by settings-admin.ts's rules (phone
 * numbers by libphonenumber, the heaviest of the back-office's first loads): loaded with their tab.
 */
const SiteSettingsPanel = lazy(() =>
  import('~/features/admin/settings/site-settings-panel').then((module) => ({
    default: module.SiteSettingsPanel,
  })),
);
const StatsPanel = lazy(() =>
  import('~/features/admin/settings/stats-panel').then((module) => ({ default: module.StatsPanel })),
);

/** The availability's form (hours, days off and their date field) is loaded with its tab. */
const AvailabilityPanel = lazy(() =>
  import('~/features/admin/bookings/availability-panel').then((module) => ({
    default: module.AvailabilityPanel,
  })),
);

/**
 * The backups' tab, the second factor's and the notifications' (set once per device) are seldom
 * opened: each loaded with its tab (the settings are the heaviest first load).
 */
const BackupsPanel = lazy(() =>
  import('~/features/admin/settings/backups-panel').then((module) => ({ default: module.BackupsPanel })),
);
const SecurityPanel = lazy(() =>
  import('~/features/admin/security/security-panel').then((module) => ({ default: module.SecurityPanel })),
);
const PushPanel = lazy(() =>
  import('~/features/admin/push/push-panel').then((module) => ({ default: module.PushPanel })),
);

const TABS = [
  { value: 'site', label: 'Site', Panel: SiteSettingsPanel },
  { value: 'chiffres', label: 'Chiffres clés', Panel: StatsPanel },
  { value: 'utilisateurs', label: 'Utilisateurs', Panel: UsersPanel },
  { value: 'disponibilites', label: 'Disponibilités', Panel: AvailabilityPanel },
  { value: 'notifications', label: 'Notifications', Panel: PushPanel },
  { value: 'mot-de-passe', label: 'Mon mot de passe', Panel: PasswordPanel },
  { value: 'securite', label: 'Sécurité', Panel: SecurityPanel },
  { value: 'sauvegardes', label: 'Sauvegardes', Panel: BackupsPanel },
] as const;
type Tab = (typeof TABS)[number]['value'];

export default function AdminSettings() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('onglet');
  const tab: Tab = TABS.some((t) => t.value === requested) ? (requested as Tab) : 'site';

  return (
    <>
      <AdminPageHeader
        title="Paramètres"
        description="Coordonnées et textes du site, chiffres clés, comptes d’administration, disponibilités pour les appels, notifications, mot de passe, sécurité de la connexion et sauvegardes."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'site' ? {} : { onglet: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List
          aria-label="Rubriques des paramètres"
          className="mb-6 flex flex-wrap gap-1 rounded-xl bg-gray-100 p-1"
        >
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
            <Suspense fallback={<CardsSkeleton />}>
              <Panel />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
