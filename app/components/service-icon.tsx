import {
  BadgeDollarSign,
  Briefcase,
  Camera,
  ChartColumn,
  ChartLine,
  Code,
  Cpu,
  CreditCard,
  Database,
  Eye,
  Gauge,
  Globe,
  LayoutTemplate,
  Lightbulb,
  type LucideIcon,
  Mail,
  Megaphone,
  MessageCircle,
  MonitorSmartphone,
  Palette,
  PenTool,
  Search,
  Share2,
  ShoppingBag,
  ShoppingCart,
  Smartphone,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  Video,
} from 'lucide-react';
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
