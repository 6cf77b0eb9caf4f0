import type { LucideIcon } from 'lucide-react';
import Anchor from 'lucide-react/icons/anchor';
import Focus from 'lucide-react/icons/focus';
import Gauge from 'lucide-react/icons/gauge';
import Handshake from 'lucide-react/icons/handshake';
import Scale from 'lucide-react/icons/scale';
import Sun from 'lucide-react/icons/sun';
import { HOME_VALUES } from '#common/constants.ts';

/** The six values of docs/product.md §1.2, in order, with what each means for a client. */
export const VALUES: { name: (typeof HOME_VALUES)[number]; text: string; icon: LucideIcon }[] = [
  {
    name: 'Focalisation',
    icon: Focus,
    text: 'Nous concentrons vos moyens sur les actions qui font vraiment grandir votre activité.',
  },
  {
    name: 'Équilibre',
    icon: Scale,
    text: 'Créativité et rigueur, ambition et budget : nous trouvons le juste milieu pour vous.',
  },
  {
    name: 'Clarté',
    icon: Sun,
    text: 'Des recommandations simples, des rapports lisibles et des prix transparents.',
  },
  {
    name: 'Partenariat',
    icon: Handshake,
    text: 'Nous travaillons avec vous, pas seulement pour vous, et sur la durée.',
  },
  {
    name: 'Performance',
    icon: Gauge,
    text: 'Chaque action est mesurée et optimisée pour un retour sur investissement concret.',
  },
  {
    name: 'Ancrage Local',
    icon: Anchor,
    text: 'Nous connaissons Kinshasa, ses usages mobiles et ses consommateurs.',
  },
];
if (VALUES.map((v) => v.name).join() !== HOME_VALUES.join())
  throw new Error('VALUES must follow HOME_VALUES');
