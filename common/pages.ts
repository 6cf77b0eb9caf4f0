/**
 * The public pages whose content does not come from the database: their title, the label and
 * subtitle of their share image. Shared by the routes' `meta` (which print the title and point
 * og:image at `/visuals/og/page-<key>-<hash>.png`) and by the server's renderer, which only
 * renders keys of this table: nobody can make it draw arbitrary text (docs/decisions/023).
 */
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory } from './enums.ts';

export type StaticPage = {
  path: string;
  /** The page's title (<title>, og:title) and the large text of its share image. */
  title: string;
  /** Small label above the title on the image. */
  label: string;
  /** One line under the title on the image. */
  subtitle: string;
};

const BASE_PAGES = {
  home: {
    path: '/',
    title: 'Marketing, digital et stratégie à Kinshasa',
    label: 'Agence de transformation digitale',
    subtitle: 'Stratégie · Marketing digital · Contenu · Branding',
  },
  about: {
    path: '/about',
    title: 'À propos',
    label: 'Notre agence',
    subtitle: 'Notre histoire, notre mission et l’équipe qui accompagne PME, banques et ONG en RDC',
  },
  services: {
    path: '/services',
    title: 'Nos services',
    label: 'Services',
    subtitle: 'Stratégie marketing, marketing digital, création de contenu et branding',
  },
  portfolio: {
    path: '/portfolio',
    title: 'Portfolio : nos études de cas',
    label: 'Portfolio',
    subtitle: 'Banques, commerce, ONG : des résultats chiffrés en RDC',
  },
  contact: {
    path: '/contact',
    title: 'Contact',
    label: 'Parlons de votre projet',
    subtitle: 'Devis gratuit sous 24h, appel découverte de 30 minutes',
  },
  blog: {
    path: '/blog',
    title: 'Blog',
    label: 'Conseils et tendances',
    subtitle: 'Marketing digital, stratégie, branding et growth hacking pour les entreprises de la RDC',
  },
  'legal.privacy': {
    path: '/legal/privacy',
    title: 'Politique de confidentialité',
    label: 'Informations légales',
    subtitle: 'Vos données personnelles, leur usage et vos droits',
  },
  'legal.terms': {
    path: '/legal/terms',
    title: 'Conditions d’utilisation',
    label: 'Informations légales',
    subtitle: 'Les règles d’utilisation du site et de l’application',
  },
  'legal.cookies': {
    path: '/legal/cookies',
    title: 'Politique de cookies',
    label: 'Informations légales',
    subtitle: 'Aucun cookie publicitaire ni de mesure d’audience',
  },
  'newsletter.welcome': {
    path: '/newsletter/welcome',
    title: 'Bienvenue dans notre newsletter',
    label: 'Newsletter',
    subtitle: 'Conseils pratiques, nouveaux articles et études de cas',
  },
  'newsletter.unsubscribed': {
    path: '/newsletter/unsubscribed',
    title: 'Désinscription confirmée',
    label: 'Newsletter',
    subtitle: 'Vous ne recevrez plus notre newsletter',
  },
  'newsletter.confirm': {
    path: '/newsletter/confirm',
    title: 'Confirmez votre inscription à la newsletter',
    label: 'Newsletter',
    subtitle: 'Dernière étape de votre inscription',
  },
  'newsletter.manage': {
    path: '/newsletter/manage',
    title: 'Gérer mon abonnement à la newsletter',
    label: 'Newsletter',
    subtitle: 'Vos préférences de newsletter',
  },
  'newsletter.unsubscribe': {
    path: '/newsletter/unsubscribe',
    title: 'Se désinscrire de la newsletter',
    label: 'Newsletter',
    subtitle: 'Désinscription de la newsletter',
  },
  'call.booking': {
    path: '/appel-decouverte',
    title: 'Choisir l’heure de mon appel découverte',
    label: 'Appel découverte',
    subtitle: '30 minutes gratuites avec notre équipe',
  },
  offline: {
    path: '/offline',
    title: 'Vous êtes hors ligne',
    label: 'Connexion interrompue',
    subtitle: 'Les pages déjà consultées restent disponibles',
  },
} as const satisfies Record<string, StaticPage>;

type BlogCategoryKey = `blog.${BlogCategory}`;
export type PageKey = keyof typeof BASE_PAGES | BlogCategoryKey;

/** A blog listing filtered on one category has its own title, hence its own image. */
const CATEGORY_PAGES = Object.fromEntries(
  BLOG_CATEGORIES.map((category) => [
    `blog.${category}`,
    {
      path: `/blog?category=${category}`,
      title: `Blog : ${BLOG_CATEGORY_LABELS[category]}`,
      label: 'Blog',
      subtitle: BASE_PAGES.blog.subtitle,
    },
  ]),
) as Record<BlogCategoryKey, StaticPage>;

export const PAGES: Record<PageKey, StaticPage> = { ...BASE_PAGES, ...CATEGORY_PAGES };

export function isPageKey(key: string): key is PageKey {
  return Object.hasOwn(PAGES, key);
}
