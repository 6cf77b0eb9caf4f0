// @vitest-environment happy-dom

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignResults } from '#common/schemas/campaigns.ts';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { aCampaignDetail } from '#tests/helpers/answer-factories.ts';
import { NO_CAMPAIGN_RESULTS } from '#tests/helpers/campaign-results.ts';
import { CampaignDetailScreen } from './campaign-detail-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CAMPAIGN_ID = '8a2b7c4d-1e3f-4a5b-8c6d-7e8f9a0b1c2d';

function CampaignDetailRoute() {
  return <CampaignDetailScreen campaignId={CAMPAIGN_ID} />;
}

const sentCampaign = aCampaignDetail({
  id: CAMPAIGN_ID,
  title: 'Offre de rentrée',
  status: 'sent',
  sentAt: '2026-11-02T10:00:00.000Z',
  jobs: { queued: 0, sent: 120, failed: 0, bounced: 0, complained: 0, total: 120 },
});

function renderWithResults(results: Partial<CampaignResults>) {
  stubFetch({
    [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: { json: { campaign: sentCampaign } },
    [`GET /api/admin/campaigns/${CAMPAIGN_ID}/results`]: {
      json: { ...NO_CAMPAIGN_RESULTS, trackingEnabled: true, sent: 120, ...results },
    },
  });
  renderAdminScreen(
    CampaignDetailRoute,
    '/admin/emails/campaigns/:id',
    `/admin/emails/campaigns/${CAMPAIGN_ID}`,
  );
}

describe('campaign results on the site', () => {
  it('shows the visits, leads, sign-ups and booked calls the campaign’s links brought', async () => {
    renderWithResults({
      utmCampaign: 'offre-de-rentree-3f9a',
      visits: 1234,
      leads: 7,
      signUps: 3,
      bookedCalls: 2,
    });
    const site = await screen.findByRole('region', { name: 'Sur le site' });
    const figure = (label: string) => within(site).getByText(label).nextElementSibling?.textContent;
    expect(figure('Visites')).toBe((1234).toLocaleString('fr-FR'));
    expect(figure('Leads')).toBe('7');
    expect(figure('Inscriptions')).toBe('3');
    expect(figure('Appels réservés')).toBe('2');
    // Where to find it in the Audience screen: the campaign's name in its links.
    expect(site.textContent).toContain('offre-de-rentree-3f9a');
  });

  it('says why a campaign sent before the measurement shows nothing on the site', async () => {
    renderWithResults({ utmCampaign: null });
    const site = await screen.findByRole('region', { name: 'Sur le site' });
    expect(site.textContent).toContain(
      'Les liens de cette campagne ne portent pas de marque de campagne : elle est partie avant la mesure d’audience.',
    );
    expect(within(site).queryByText('Visites')).toBeNull();
  });
});
