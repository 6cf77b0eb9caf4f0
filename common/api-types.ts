/**
 * Shapes of what the API answers, shared by the server that makes them (server/content/presenters.ts,
 * server/auth/sessions.ts) and the browser code that reads them: the client never imports `server/`.
 */
import type { AudiencePreset, AudienceTable } from './schemas/audience-admin.ts';

/** A service as the public sees it (`GET /api/services`, the services pages, the quote form). */
export type PublicService = {
  id: string;
  title: string;
  description: string;
  icon: string;
  parentServiceId: string | null;
  order: number;
  isActive: boolean;
};

/** A team member as the public sees them (`GET /api/team`, the team page). */
export type PublicTeamMember = {
  id: string;
  name: string;
  position: string;
  bio: string;
  skills: string[];
  photoUrl: string | null;
  /** The photo's focal point, in % from the top left corner: `object-position` of every crop. */
  photoFocusX: number;
  photoFocusY: number;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  order: number;
  isActive: boolean;
};

/**
 * A published testimonial as the public sees it (the home page, About, a service page, a case
 * study): the words, who said them, and the case study it tells of, if any.
 */
export type PublicTestimonial = {
  id: string;
  quote: string;
  authorName: string;
  authorRole: string;
  company: string;
  photoUrl: string | null;
  logoUrl: string | null;
  /** The case study it speaks of, when that case study is published. */
  caseStudy: { id: string; title: string } | null;
  /** The services it speaks for (ids of active services only). */
  serviceIds: string[];
};

/** A client under "Ils nous font confiance" (`GET /api/client-logos`). */
export type PublicClientLogo = {
  id: string;
  name: string;
  /** An upload of ours; null: the site draws the name as a wordmark. */
  logoUrl: string | null;
  websiteUrl: string | null;
};

/** The signed-in admin (`GET /api/admin/auth/me`), as the back-office shows them. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  /** The password no longer meets the policy (server/auth/password-policy.ts): a new one is asked. */
  passwordChangeRequired: boolean;
  /**
   * A second factor is required for every admin and this one has none yet: the back-office stays
   * closed until they set one up (docs/decisions/079-second-factor.md). Absent means false.
   */
  secondFactorSetupRequired?: boolean;
};

/**
 * One period's figures on the Audience screen (`GET /api/admin/audience`, docs/decisions/084):
 * sums of the days' aggregates, the ratios derived from them, and the conversions created in the
 * period. Rates are shares between 0 and 1 (four decimals), the screen formats them.
 */
export type AudienceFigures = {
  /** Each day's distinct visitors, added up (a new daily salt makes every day's visitors new). */
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  engagedMs: number;
  /** Page views per visit, two decimals. */
  pagesPerVisit: number;
  /** Bounces per visit. */
  bounceRate: number;
  /** Engaged time per visit, in whole milliseconds. */
  avgEngagedMs: number;
  /** Leads (not those kept "À vérifier"), newsletter sign-ups (idem), confirmed booked calls. */
  conversions: { leads: number; signups: number; calls: number; total: number };
  /** Conversions per visitor. */
  conversionRate: number;
};

/** A line of one of the Audience screen's tables: a page, a source, a device… */
export type AudienceRow = {
  /** As stored: a path, a source's name, a campaign, a device class, an ISO country code ('' unknown). */
  value: string;
  visitors: number;
  visits: number;
  pageviews: number;
  /** The period's conversions whose attribution names this value. */
  conversions: number;
  /** Conversions per visitor; null when the value had conversions but no visitor counted. */
  conversionRate: number | null;
};

export type AudienceReport = {
  period: {
    /** The preset asked for; null for chosen dates. */
    preset: AudiencePreset | null;
    /** Kinshasa days, both included. */
    from: string;
    to: string;
    days: number;
    /** The period of the same length just before. */
    previousFrom: string;
    previousTo: string;
  };
  current: AudienceFigures;
  previous: AudienceFigures;
  /** Per hour (an ISO instant, the hour's start) for one day, per day (YYYY-MM-DD) otherwise. */
  series: { unit: 'hour' | 'day'; points: { at: string; visitors: number; pageviews: number }[] };
  tables: Record<AudienceTable, AudienceRow[]>;
};

/** "En ce moment": distinct visitors of the last 5 minutes (`GET /api/admin/audience/now`). */
export type AudienceNow = { visitors: number; at: string };
