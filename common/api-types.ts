/**
 * Shapes of what the API answers, shared by the server that makes them (server/content/presenters.ts,
 * server/auth/sessions.ts) and the browser code that reads them: the client never imports `server/`.
 */

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
  linkedinUrl: string | null;
  twitterUrl: string | null;
  order: number;
  isActive: boolean;
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
