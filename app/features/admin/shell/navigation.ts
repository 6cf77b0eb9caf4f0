/** The admin screens of docs/product.md §2.2, in the order the navigation shows them. */
import type { LucideIcon } from 'lucide-react';
import Award from 'lucide-react/icons/award';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import BarChart3 from 'lucide-react/icons/chart-column';
import FileText from 'lucide-react/icons/file-text';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LayoutTemplate from 'lucide-react/icons/layout-template';
import Mail from 'lucide-react/icons/mail';
import MessageSquare from 'lucide-react/icons/message-square';
import Quote from 'lucide-react/icons/quote';
import History from 'lucide-react/icons/rotate-ccw-clock';
import Send from 'lucide-react/icons/send';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import Wrench from 'lucide-react/icons/wrench';

export type AdminNavItem = { to: string; label: string; icon: LucideIcon };

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  { to: '/admin/audience', label: 'Audience', icon: BarChart3 },
  { to: '/admin/contacts', label: 'Contacts', icon: MessageSquare },
  { to: '/admin/rendez-vous', label: 'Rendez-vous', icon: CalendarClock },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
  { to: '/admin/emails/campaigns', label: 'Campagnes', icon: Send },
  { to: '/admin/emails/templates', label: 'Modèles d’email', icon: LayoutTemplate },
  { to: '/admin/services', label: 'Services', icon: Wrench },
  { to: '/admin/team', label: 'Équipe', icon: Users },
  { to: '/admin/testimonials', label: 'Témoignages', icon: Quote },
  { to: '/admin/client-logos', label: 'Logos clients', icon: Award },
  { to: '/admin/blog', label: 'Blog', icon: FileText },
  { to: '/admin/portfolio', label: 'Portfolio', icon: Briefcase },
  { to: '/admin/settings', label: 'Paramètres', icon: Settings },
  { to: '/admin/activity', label: 'Journal d’activité', icon: History },
];

/** Where an admin lands after logging in, unless they were sent to the login from another screen. */
export const ADMIN_HOME = '/admin/dashboard';

/** Only admin screens are accepted as a return address (no open redirect through the login). */
export function safeAdminRedirect(value: string | null): string {
  if (!value?.startsWith('/admin/') || value.startsWith('//') || value.startsWith('/admin/login')) {
    return ADMIN_HOME;
  }
  return value;
}
