/**
 * What the API answers, with overrides (the factories' habit, see factories.ts), for the screen
 * tests that stub fetch (admin-screen.tsx) or render a section with its data:
 * `aCampaignDetail({ status: 'sending' })`.
 */
import type { PublicService, PublicTeamMember } from '#common/api-types.ts';
import type { AdminCall } from '#common/schemas/booking-admin.ts';
import type { CampaignDetail } from '#common/schemas/campaigns.ts';

/** A top-level service, shown, as GET /api/services and GET /api/admin/services list it. */
export const aService = (overrides: Partial<PublicService> = {}): PublicService => ({
  id: crypto.randomUUID(),
  title: 'Stratégie Marketing',
  description: 'Un plan clair',
  icon: 'target',
  parentServiceId: null,
  order: 0,
  isActive: true,
  ...overrides,
});

/** GET /api/admin/campaigns/:id: a draft, nothing sent yet. */
export const aCampaignDetail = (overrides: Partial<CampaignDetail> = {}): CampaignDetail => ({
  id: crypto.randomUUID(),
  title: 'Newsletter du mois',
  subject: 'Les actus du mois',
  status: 'draft',
  paused: false,
  scheduledAt: null,
  sentAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  jobs: { queued: 0, sent: 0, failed: 0, bounced: 0, complained: 0, total: 0 },
  senderName: 'Lisanga Digital',
  senderEmail: 'contact@lisanga-digital.cd',
  templateId: crypto.randomUUID(),
  templateName: 'Newsletter mensuelle',
  segment: { tags: [], locale: undefined },
  blocks: null,
  content: { contentHtml: '<p>Bonjour</p>' },
  recipientCount: 10,
  cancelledAt: null,
  publicationIds: [],
  problems: [],
  ...overrides,
});

/** One member of GET /api/team, as the public team section shows them. */
export const aPublicTeamMember = (overrides: Partial<PublicTeamMember> = {}): PublicTeamMember => ({
  id: crypto.randomUUID(),
  name: 'Grâce Nsimba',
  position: 'Directrice de la stratégie',
  bio: 'Bio.',
  skills: ['SEO', 'Stratégie', 'Publicité', 'Analytics', 'Branding'],
  photoUrl: null,
  photoFocusX: 50,
  photoFocusY: 50,
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  twitterUrl: null,
  order: 0,
  isActive: true,
  ...overrides,
});

/**
 * A booked discovery call as the agenda, the lead's panel and the dashboard receive it: Monday
 * 30 November 2026, 10:00-10:30 in Kinshasa, confirmed.
 */
export const anAdminCall = (overrides: Partial<AdminCall> = {}): AdminCall => ({
  id: crypto.randomUUID(),
  startsAt: '2026-11-30T09:00:00.000Z',
  endsAt: '2026-11-30T09:30:00.000Z',
  status: 'confirmed',
  visitorTimeZone: 'Africa/Kinshasa',
  contact: {
    id: crypto.randomUUID(),
    fullName: 'Amani Kabeya',
    company: 'Kin Market',
    serviceInterest: 'Marketing Digital',
  },
  admin: { id: crypto.randomUUID(), name: 'Nadine Kapinga' },
  ...overrides,
});
