/**
 * The Audience screen's contract (docs/decisions/084-first-party-audience.md):
 * GET /api/admin/audience?AudienceQuery -> AudienceReport, GET /api/admin/audience/now ->
 * AudienceNow (common/api-types.ts). A period is a preset counted back from today, or two chosen
 * Kinshasa days, both included.
 */
import { z } from 'zod';

/** The periods offered, each a number of Kinshasa days ending today (today included). */
export const AUDIENCE_PRESETS = ['today', '7d', '30d', '90d'] as const;
export type AudiencePreset = (typeof AUDIENCE_PRESETS)[number];
export const AUDIENCE_PRESET_DAYS: Record<AudiencePreset, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
export const AUDIENCE_PRESET_LABELS: Record<AudiencePreset, string> = {
  today: 'Aujourd’hui',
  '7d': '7 jours',
  '30d': '30 jours',
  '90d': '90 jours',
};
export const DEFAULT_AUDIENCE_PRESET: AudiencePreset = '7d';

/** The longest chosen period: a year, leap day included. */
export const AUDIENCE_MAX_DAYS = 366;

/**
 * The screen's tables, each read from one dimension of `audience_daily` and joined to the
 * conversions by the same field of their attribution (server/admin/audience.ts, TABLE_SOURCES).
 */
export const AUDIENCE_TABLES = ['pages', 'entries', 'sources', 'campaigns', 'devices', 'countries'] as const;
export type AudienceTable = (typeof AUDIENCE_TABLES)[number];
/** Rows a table answers at most (the screen shows the first ones, the CSV all of them). */
export const AUDIENCE_TABLE_ROWS = 100;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD ("2026-02-30" is refused). */
export const isCalendarDay = (value: string) =>
  DAY_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isCalendarDay, { error: message })
    .optional()
    .or(z.literal('').transform(() => undefined));

/** Whole days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const AudienceQuerySchema = z
  .object({
    period: z
      .enum([...AUDIENCE_PRESETS, ''], { error: 'Période inconnue' })
      .optional()
      .transform((value) => value || undefined),
    from: day('Date de début invalide (AAAA-MM-JJ)'),
    to: day('Date de fin invalide (AAAA-MM-JJ)'),
  })
  .superRefine((query, context) => {
    if (query.from && !query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'Choisissez aussi la date de fin' });
    if (query.to && !query.from)
      context.addIssue({ code: 'custom', path: ['from'], message: 'Choisissez aussi la date de début' });
    if (!query.from || !query.to) return;
    if (query.from > query.to)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'La date de fin doit suivre la date de début',
      });
    else if (daysBetween(query.from, query.to) > AUDIENCE_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `La période ne peut pas dépasser ${AUDIENCE_MAX_DAYS} jours`,
      });
  });
export type AudienceQuery = z.output<typeof AudienceQuerySchema>;
