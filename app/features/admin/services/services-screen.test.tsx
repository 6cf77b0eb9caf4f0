// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { aService } from '#tests/helpers/answer-factories.ts';
import { ServicesScreen } from './services-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the services screen', () => {
  it('names each visibility switch with the words it shows (WCAG 2.5.3), whatever its state', async () => {
    const parent = aService({ title: 'Marketing Digital' });
    stubFetch({
      'GET /api/admin/services': {
        json: {
          services: [
            parent,
            aService({ title: 'SEO', parentServiceId: parent.id, order: 0, isActive: false }),
            aService({ title: 'Branding', order: 1 }),
          ],
        },
      },
    });
    renderAdminScreen(ServicesScreen, '/admin/services');
    const switches = await screen.findAllByRole('switch');
    expect(switches).toHaveLength(3);
    for (const control of switches) {
      const shown = (control.textContent ?? '').trim();
      expect(shown).not.toBe('');
      const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
      expect(name.toLowerCase(), shown).toContain(shown.toLowerCase());
    }
    // Each switch still says which service it shows, and its state is the switch's own.
    const named = (title: string) => `Visible sur le site\u00a0: «\u00a0${title}\u00a0»`;
    const seo = screen.getByRole('switch', { name: named('SEO') });
    expect(seo.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: named('Branding') }).getAttribute('aria-checked')).toBe('true');
  });
});
