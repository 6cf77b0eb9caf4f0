/**
 * The activity log screen (decision 016): GET /api/admin/activity?ActivityListQuery ->
 * ActivityPage. Every admin change writes a row (server/activity/log.ts); this reads them, newest
 * first, with the author's name.
 */
import { z } from 'zod';
import { type Page, pageQueryFields } from './admin.ts';

/** The families of `type` ('<resource>.<action>') the filter offers, with their French names. */
export const ACTIVITY_TYPE_LABELS: Record<string, string> = {
  contact: 'Contacts',
  subscriber: 'Abonnés',
  newsletter: 'Newsletter',
  campaign: 'Campagnes',
  email_template: 'Modèles d’emails',
  service: 'Services',
  team: 'Équipe',
  testimonial: 'Témoignages',
  client_logo: 'Logos clients',
  post: 'Blog',
  case_study: 'Portfolio',
  media: 'Médias',
  setting: 'Paramètres',
  stat: 'Chiffres clés',
  user: 'Utilisateurs',
  availability: 'Disponibilités',
};

/** 'contacts.exported' is filed under 'contact', like 'contact.status_changed'. */
export function activityFamily(type: string): string {
  const first = type.split('.')[0] ?? type;
  return first.endsWith('s') && ACTIVITY_TYPE_LABELS[first.slice(0, -1)] ? first.slice(0, -1) : first;
}

export const activityFamilyLabel = (family: string) => ACTIVITY_TYPE_LABELS[family] ?? family;

export type ActivityEntry = {
  id: string;
  type: string;
  title: string;
  description: string | null;
  createdAt: string;
  /** Null for the system (public visitors, scheduled tasks) or a deleted account. */
  user: { id: string; email: string; firstName: string; lastName: string } | null;
};

export type ActivityPage = Page<ActivityEntry> & {
  /** The type families present in the log, for the filter (those above first). */
  types: string[];
  /** Everyone who has an entry, for the filter. */
  authors: { id: string; name: string }[];
};

// YYYY-MM-DD, a day in Kinshasa time (the office's calendar).
const day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: message })
    .optional()
    .or(z.literal('').transform(() => undefined));

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => v || undefined);

export const ActivityListQuerySchema = z
  .object({
    /** A family ('contact' matches 'contact.status_changed' and 'contacts.exported') or a full type. */
    type: optionalText(60, 'Type invalide').refine((v) => v === undefined || /^[a-z_.]+$/.test(v), {
      error: 'Type invalide',
    }),
    userId: z
      .uuid({ error: 'Auteur invalide' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    from: day('Date de début invalide'),
    to: day('Date de fin invalide'),
    q: optionalText(200, 'Recherche trop longue (200 caractères au plus)'),
    ...pageQueryFields,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'La date de fin doit suivre la date de début',
    path: ['to'],
  });
export type ActivityListQuery = z.output<typeof ActivityListQuerySchema>;
