/**
 * The business constants and limits of docs/product.md §9, with their meaning, in one place.
 * Durations are in milliseconds unless the name says otherwise.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const COPYRIGHT_YEAR = 2025;

/** Home page claims (docs/product.md §1.2); the live figures come from company_stats. */
export const HOME_CLAIMS = { companies: 7, projects: 15, averageRoiPercent: 120 } as const;

export const HOME_VALUES = [
  'Focalisation',
  'Équilibre',
  'Clarté',
  'Partenariat',
  'Performance',
  'Ancrage Local',
] as const;

/** Quote response promise and discovery call (docs/product.md §9.1). */
export const QUOTE_RESPONSE_HOURS = 24;
/** The same promise in milliseconds: a lead still `nouveau` this long after it came is unanswered. */
export const QUOTE_RESPONSE_TIME = QUOTE_RESPONSE_HOURS * HOUR;
export const DISCOVERY_CALL_MINUTES = 30;

export const BUDGET_OPTIONS = [
  '< $5,500',
  '$5,500 - $16,500',
  '$16,500 - $33,000',
  '$33,000 - $55,000',
  '$55,000 - $110,000',
  '> $110,000',
  'À discuter',
] as const;

export const TIMELINE_OPTIONS = [
  'Urgent (< 1 mois)',
  'Court terme (1-3 mois)',
  'Moyen terme (3-6 mois)',
  'Long terme (6+ mois)',
  'Flexible',
] as const;

export const DISCUSSION_TYPES = [
  'Découverte générale',
  'Conseil stratégique',
  'Présentation de nos services',
  'Analyse de votre situation actuelle',
  'Discussion sur un projet précis',
] as const;

export const PREFERRED_SLOTS = [
  'Matin (8h-12h)',
  'Début d’après-midi (13h-16h)',
  'Fin d’après-midi (16h-18h)',
  'Flexible',
] as const;

export const URGENCY_OPTIONS = ['Cette semaine', 'Sous 15 jours', 'Dans le mois', 'Pas urgent'] as const;

/** Extra option appended to the service list of each modal (docs/product.md §7.2). */
export const QUOTE_OTHER_SERVICE = 'Autre';
export const CALL_GENERAL_SERVICE = 'Conseil général';
/** Service preselected by the home page's closing block (docs/product.md §2.5). */
export const AUDIT_SERVICE_TITLE = 'Audit digital complet';

/** Minimum lengths (docs/product.md §9.3). */
export const MIN_LENGTH = { name: 2, phone: 10, company: 2, projectDescription: 20, password: 6 } as const;

export const PHONE_PLACEHOLDER = '+243 81 234 5678';
export const DEFAULT_PHONE_REGION = 'CD';

export const NEWSLETTER_DEFAULT_LOCALE = 'fr';
export const NEWSLETTER_SUBSCRIBE_RETRIES = 2;

/** Admin inactivity (docs/product.md §4.4). */
export const INACTIVITY_LOGOUT = 30 * MINUTE;
export const INACTIVITY_WARNING_BEFORE = 5 * MINUTE;
export const AUTH_RECHECK_INTERVAL = 15 * MINUTE;
export const AUTH_STALE_TIME = 10 * MINUTE;

/**
 * Admin sessions, enforced by the server (server/auth/sessions.ts) whatever the browser does.
 * Idle: the same 30 minutes as the client's inactivity logout, so a stolen cookie left unused dies.
 */
export const SESSION_IDLE_TIMEOUT = INACTIVITY_LOGOUT;
/** lastSeenAt is written at most this often: one write a minute per session, not one per request. */
export const SESSION_TOUCH_INTERVAL = 1 * MINUTE;
/** Absolute lifetime from login, whatever the activity: a working day. */
export const SESSION_MAX_AGE = 12 * HOUR;
/** Absolute lifetime with 'rememberMe' (the cookie then survives the browser being closed). */
export const SESSION_REMEMBER_MAX_AGE = 30 * DAY;

/** Data loading defaults (docs/product.md §9.6). */
export const QUERY_STALE_TIME = 5 * MINUTE;
export const QUERY_GC_TIME = 15 * MINUTE;
export const QUERY_RETRIES = 2;
export const QUERY_RETRY_BASE_DELAY = 1 * SECOND;
export const QUERY_RETRY_MAX_DELAY = 30 * SECOND;
export const MUTATION_RETRIES = 1;

/** Startup prefetch freshness (docs/product.md §7.5). */
export const PREFETCH_SERVICES_STALE = 15 * MINUTE;
export const PREFETCH_STATS_STALE = 10 * MINUTE;
export const PREFETCH_TEAM_STALE = 10 * MINUTE;
export const TEAM_GC_TIME = 30 * MINUTE;

/** Toasts (docs/product.md §9.7). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5 * SECOND;
export const TOAST_HOTKEY = 'F8';
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const WEBSOCKET_RECONNECT_DELAY = 2 * SECOND;
/** The 'Nouveau contact !' toast stays 5 seconds (docs/product.md §4.5). */
export const NEW_CONTACT_TOAST_DURATION = 5 * SECOND;

/**
 * Admin prefetching (docs/product.md §7.5): after an admin screen loads, its related lists are fetched after
 * 100 ms (high priority), 500 ms (medium) or 1000 ms (low), fresh for 2 minutes; after 2 seconds
 * without user activity, dashboard, contacts and stats are fetched 200 ms apart, fresh 1 minute.
 */
export const ADMIN_PREFETCH_DELAY = { high: 100, medium: 500, low: 1_000 } as const;
export const ADMIN_PREFETCH_STALE = 2 * MINUTE;
export const ADMIN_IDLE_PREFETCH_AFTER = 2 * SECOND;
export const ADMIN_IDLE_PREFETCH_GAP = 200;
export const ADMIN_IDLE_PREFETCH_STALE = 1 * MINUTE;
/**
 * Not in the spec: while the admin is active in the page without calling the server (reading a
 * lead), the client tells the server at most this often, so the server's 30-minute idle expiry
 * follows the same activity as the client's inactivity timer.
 */
export const SESSION_KEEPALIVE_INTERVAL = 5 * MINUTE;

/** Team section (docs/product.md §2.6). */
export const TEAM_MAX_SKILLS = 3;
export const TEAM_SKELETON_COUNT = 6;

/** PWA (docs/product.md §4.6, §4.7, §9.8). */
export const INSTALL_PROMPT_DELAY = 3 * SECOND;
export const INSTALL_REPROMPT_INTERVAL = 7 * DAY;
export const UPDATE_SNOOZE = 60 * MINUTE;
export const SW_READY_TIMEOUT = 15 * SECOND;
export const APP_VERSION_LABEL = 'v1.0';
export const STORAGE_KEYS = { installPrompted: 'prompted', installed: 'installed' } as const;
