/**
 * The names and shapes of the site settings and company figures (decision 016), without their
 * validation rules: what the back-office shows on any screen (a toast naming a category, a figure
 * as the home page prints it) without loading libphonenumber, which only the settings form needs
 * (settings-admin.ts, which re-exports all of this).
 */

/** The categories in the order the screen shows them, with their French names. */
export const SETTING_CATEGORY_LABELS: Record<string, string> = {
  site: 'Identité du site',
  contact: 'Coordonnées',
  social: 'Réseaux sociaux',
  seo: 'Référencement (SEO)',
  email: 'Envoi d’emails',
  booking: 'Appels découverte',
  system: 'Système',
};
export const SETTING_CATEGORY_ORDER = Object.keys(SETTING_CATEGORY_LABELS);

/** Categories the public site never reads (server/content/public-content.ts). */
export const PRIVATE_SETTING_CATEGORIES = ['email', 'booking', 'system'] as const;

export function settingCategoryLabel(category: string): string {
  return SETTING_CATEGORY_LABELS[category] ?? category;
}

/** The label of a field on the screen; the seeded description says what it is for. */
export const SETTING_LABELS: Record<string, string> = {
  'site.name': 'Nom de l’agence',
  'site.tagline': 'Slogan',
  'site.description': 'Présentation courte',
  'contact.email': 'Email public',
  'contact.phone': 'Téléphone',
  'contact.whatsapp': 'Numéro WhatsApp',
  'contact.address': 'Adresse',
  'contact.hours': 'Horaires d’ouverture',
  'social.instagram': 'Instagram',
  'social.tiktok': 'TikTok',
  'social.linkedin': 'LinkedIn',
  'social.facebook': 'Facebook',
  'social.x': 'X (Twitter)',
  'seo.default_title': 'Titre par défaut',
  'seo.default_description': 'Description par défaut',
  'email.sender_name': 'Nom de l’expéditeur',
  'email.sender_email': 'Adresse d’expédition',
  'email.notification_to': 'Notifications des nouvelles demandes',
  'email.notification_from': 'Adresse d’expédition des notifications',
  'email.tracking_enabled': 'Suivi des ouvertures et des clics',
  'booking.meeting_details': 'Déroulement de l’appel',
  'system.seed_version': 'Version du contenu de démonstration',
};

export function settingLabel(key: string): string {
  return SETTING_LABELS[key] ?? key;
}

export type AdminSetting = {
  key: string;
  value: string;
  category: string;
  description: string;
  updatedAt: string;
};

export type AdminStat = {
  id: string;
  name: string;
  value: number;
  unit: string;
  description: string;
  order: number;
  isActive: boolean;
  updatedAt: string;
};

/** How a figure reads on the public pages: value then unit, as the home page prints it. */
export const formatStat = (stat: Pick<AdminStat, 'value' | 'unit'>) => `${stat.value}${stat.unit}`;
