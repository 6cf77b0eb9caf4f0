// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { CampaignEditorScreen } from './campaign-editor-screen';

afterEach(cleanup);

function NewCampaignRoute() {
  return <CampaignEditorScreen campaignId={undefined} />;
}

describe('the campaign segment’s dates', () => {
  for (const [label, typed] of [
    ['Inscrits depuis le', '31/02/2026'],
    ['Inscrits jusqu’au', '12/31/2026'],
  ] as const)
    it(`take the focus when « ${label} » holds no date on submit, as any form’s first invalid field`, async () => {
      const { calls } = stubFetch({
        'GET /api/admin/email-templates': { json: { templates: [] } },
        'GET /api/admin/newsletter': { json: { items: [], total: 0, page: 1, pageSize: 1, tags: [] } },
        'GET /api/admin/settings': { json: { settings: [] } },
        'POST /api/admin/campaigns/segment-count': { json: { count: 3 } },
      });
      renderAdminScreen(NewCampaignRoute, '/admin/emails/campaigns/new');
      fireEvent.change(await screen.findByLabelText('Titre (interne)'), {
        target: { value: 'Newsletter de décembre' },
      });
      const field = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));

      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/campaigns')).toBe(false);
    });
});
