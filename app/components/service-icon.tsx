import type { LucideIcon } from 'lucide-react';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import Briefcase from 'lucide-react/icons/briefcase';
import Camera from 'lucide-react/icons/camera';
import ChartColumn from 'lucide-react/icons/chart-column';
import ChartLine from 'lucide-react/icons/chart-line';
import Code from 'lucide-react/icons/code';
import Cpu from 'lucide-react/icons/cpu';
import CreditCard from 'lucide-react/icons/credit-card';
import Database from 'lucide-react/icons/database';
import Eye from 'lucide-react/icons/eye';
import Gauge from 'lucide-react/icons/gauge';
import Globe from 'lucide-react/icons/globe';
import LayoutTemplate from 'lucide-react/icons/layout-template';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Mail from 'lucide-react/icons/mail';
import Megaphone from 'lucide-react/icons/megaphone';
import MessageCircle from 'lucide-react/icons/message-circle';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import Palette from 'lucide-react/icons/palette';
import PenTool from 'lucide-react/icons/pen-tool';
import Search from 'lucide-react/icons/search';
import Share2 from 'lucide-react/icons/share-2';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Smartphone from 'lucide-react/icons/smartphone';
import Sparkles from 'lucide-react/icons/sparkles';
import Target from 'lucide-react/icons/target';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import Video from 'lucide-react/icons/video';
import { cn } from '~/lib/cn';
import { type IconColor, type IconName, resolveServiceIcon } from '~/lib/service-icon';

/** Icon name -> Lucide component (also drawn by the hero visuals, app/components/visuals). */
export const SERVICE_ICONS: Record<IconName, LucideIcon> = {
  target: Target,
  megaphone: Megaphone,
  'trending-up': TrendingUp,
  search: Search,
  'bar-chart-3': ChartColumn,
  'chart-column': ChartColumn,
  'line-chart': ChartLine,
  'chart-line': ChartLine,
  'pen-tool': PenTool,
  palette: Palette,
  camera: Camera,
  video: Video,
  'share-2': Share2,
  mail: Mail,
  globe: Globe,
  smartphone: Smartphone,
  lightbulb: Lightbulb,
  users: Users,
  briefcase: Briefcase,
  sparkles: Sparkles,
  layout: LayoutTemplate,
  'message-circle': MessageCircle,
  code: Code,
  cpu: Cpu,
  database: Database,
  gauge: Gauge,
  'shopping-bag': ShoppingBag,
  'shopping-cart': ShoppingCart,
  'credit-card': CreditCard,
  eye: Eye,
  'monitor-smartphone': MonitorSmartphone,
  'badge-dollar-sign': BadgeDollarSign,
};

const COLORS: Record<IconColor, string> = {
  orange: 'bg-orange-100 text-orange-700',
  blue: 'bg-blue-100 text-blue-700',
  purple: 'bg-purple-100 text-purple-700',
  green: 'bg-brand-100 text-brand-800',
  emerald: 'bg-emerald-100 text-emerald-700',
};

/** A service's icon in its coloured tile, per the rules of docs/product.md §3.3 (app/lib/service-icon.ts). */
export function ServiceIcon({
  icon,
  title,
  className,
}: {
  icon: string;
  title?: string;
  className?: string;
}) {
  const resolved = resolveServiceIcon(icon, title);
  const Icon = SERVICE_ICONS[resolved.icon];
  return (
    <span
      className={cn(
        'inline-flex size-12 items-center justify-center rounded-xl',
        COLORS[resolved.color],
        className,
      )}
      data-icon={resolved.icon}
      data-color={resolved.color}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
