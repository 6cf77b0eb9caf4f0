/**
 * Request bodies for the API, valid as they stand, with overrides (the factories' habit, see
 * factories.ts): `aQuoteRequest({ fullName: 'Grâce Nsimba' })`. Plain objects with no database
 * or server import, so the Playwright specs use them as well as the Vitest tests. An override may
 * be invalid on purpose (a validation test): the lead bodies take any field.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CampaignInputSchema } from '#common/schemas/campaigns.ts';

type AnyFields = Record<string, unknown>;
type CampaignBody = z.input<typeof CampaignInputSchema>;

const unique = () => randomBytes(4).toString('hex');

/** POST /api/contact from the quote modal: its answers in `details`, the server composes the message. */
export const aQuoteRequest = (overrides: AnyFields = {}) => ({
  source: 'quote_request',
  fullName: 'Awa Mbuyi',
  email: 'awa.mbuyi@example.cd',
  phone: '0812345678',
  company: 'Kin Boutique',
  serviceType: 'Audit digital complet',
  details: {
    projectDescription: 'Nous voulons vendre en ligne à Kinshasa et Lubumbashi.',
    budget: '$5,500 - $16,500',
    timeline: 'Court terme (1-3 mois)',
  },
  website: '',
  elapsedMs: 15_000,
  ...overrides,
});

/** POST /api/contact from the call modal: no phone and no company (both optional). */
export const aCallRequest = (overrides: AnyFields = {}) => ({
  source: 'call_request',
  fullName: 'Jonathan Ilunga',
  email: 'jonathan@example.cd',
  serviceType: 'Conseil général',
  details: { callType: 'Conseil stratégique', preferredTime: 'Matin (8h-12h)', urgency: 'Sous 15 jours' },
  elapsedMs: 9_000,
  ...overrides,
});

/** A discovery call asked by Amani Kabeya from the call modal: the booking tests' visitor. */
export const aDiscoveryCallRequest = (overrides: AnyFields = {}) =>
  aCallRequest({
    fullName: 'Amani Kabeya',
    email: 'amani.kabeya@example.cd',
    serviceType: 'Stratégie Marketing Digital',
    message: 'Appel',
    details: { callType: 'Découverte générale', preferredTime: 'Flexible', urgency: 'Sous 15 jours' },
    ...overrides,
  });

/** POST /api/contact from the contact page: the visitor's message stored as written. */
export const aWebsiteRequest = (overrides: AnyFields = {}) => ({
  source: 'website',
  fullName: 'Patrick Kalala',
  email: 'patrick@example.cd',
  serviceType: 'Autre',
  message: 'Bonjour, pouvez-vous me rappeler ?',
  website: '',
  elapsedMs: 20_000,
  ...overrides,
});

/** POST /api/admin/campaigns: a draft of the given template for every active subscriber. */
export const aCampaignInput = (
  overrides: Partial<CampaignBody> & Pick<CampaignBody, 'templateId'>,
): CampaignBody => ({
  title: `Campagne ${unique()}`,
  subject: 'Les actus du mois',
  segment: { tags: [] },
  content: { contentHtml: '<p>Les nouveautés du mois</p>' },
  ...overrides,
});

/** POST /api/admin/blog: a draft with a unique title (its slug is made from it). */
export const aBlogPostInput = (overrides: AnyFields = {}) => ({
  title: `Réussir sa stratégie digitale à Kinshasa ${unique()}`,
  category: 'strategie_marketing',
  excerpt: 'Les bases pour les PME.',
  coverImage: '/media/couverture.960.webp',
  content: '## Pourquoi\n\nParce que **vos clients** sont en ligne.',
  ...overrides,
});

/** POST /api/admin/portfolio: an unpublished case study with a unique title and two results. */
export const aCaseStudyInput = (overrides: AnyFields = {}) => ({
  title: `Campagne de lancement ${unique()}`,
  clientName: 'Kin Agro',
  industry: 'Agroalimentaire',
  description: 'Lancement d’une gamme de jus locaux sur Instagram et TikTok.',
  imageUrl: 'https://images.exemple.cd/kin-agro.jpg',
  results: [
    { label: 'Leads qualifiés', value: '+180 %' },
    { label: 'Coût par lead', value: '-45 %' },
  ],
  ...overrides,
});
