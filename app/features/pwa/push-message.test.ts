import { describe, expect, it } from 'vitest';
import { staffNotification } from './push-message.ts';

const ORIGIN = 'https://www.lisanga-digital.cd';

describe('a staff push message', () => {
  it('shows its title and text with the site’s icon, and opens its back-office page', () => {
    expect(
      staffNotification(
        {
          title: 'Nouveau contact : Bijou',
          body: 'Demande de devis — Branding',
          url: '/admin/contacts?lead=42',
          tag: 'lead:42',
        },
        ORIGIN,
      ),
    ).toEqual({
      title: 'Nouveau contact : Bijou',
      options: {
        body: 'Demande de devis — Branding',
        tag: 'lead:42',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        lang: 'fr',
        data: { url: `${ORIGIN}/admin/contacts?lead=42` },
      },
    });
  });

  it('never leads outside the back-office of this site, and ignores what is not a notification', () => {
    for (const url of ['https://evil.example/admin', '/\\evil.example', '/blog', 'javascript:alert(1)']) {
      expect(staffNotification({ title: 'x', url }, ORIGIN)?.options.data.url).toBe(
        `${ORIGIN}/admin/dashboard`,
      );
    }
    expect(staffNotification(null, ORIGIN)).toBeNull();
    expect(staffNotification({ body: 'sans titre' }, ORIGIN)).toBeNull();
  });
});
