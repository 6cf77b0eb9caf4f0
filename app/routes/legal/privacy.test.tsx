// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteInfo } from '#common/site.ts';
import Privacy from './privacy';

afterEach(cleanup);

const SITE = {
  name: 'Agence Test',
  contact: { email: 'contact@example.cd', address: 'Gombe, Kinshasa' },
} as SiteInfo;

async function openPrivacyPage() {
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => ({ site: SITE }),
      Component: Outlet,
      children: [{ path: '/legal/privacy', Component: Privacy }],
    },
  ]);
  render(<Stub initialEntries={['/legal/privacy']} />);
  await screen.findByRole('heading', { name: 'Mesure d’audience, sans cookie' });
  return (document.body.textContent ?? '').replace(/\u00a0/g, ' ');
}

describe('the privacy page tells what the audience measurement keeps, and what it does not (084)', () => {
  it('what is measured, how the visitor is counted without being followed, and what stays on the device', async () => {
    const text = await openPrivacyPage();
    for (const measured of [
      'l’adresse de la page lue',
      'temps d’engagement',
      'le nom du site qui vous a envoyé vers nous',
      'utm_source, utm_medium, utm_campaign, utm_content et utm_term',
      'le type d’appareil',
      'la famille du navigateur',
      'le pays',
      'un secret qui change chaque jour, puis oublie l’adresse et le navigateur',
      'ne peut relier vos visites d’un jour à celles du lendemain',
    ])
      expect(text).toContain(measured);
    expect(text).toContain('aucun cookie n’est déposé');
    expect(text).toContain('dans l’onglet ouvert uniquement (stockage de session, effacé à sa fermeture)');
    expect(text).toContain('ni votre adresse IP, ni votre user agent ne sont enregistrés');
    expect(text).toContain('aucun suivi d’un site à l’autre et aucun tiers');
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe(
      'https://db-ip.com',
    );
  });

  it('that Do Not Track and Global Privacy Control are honoured, and how long measurements are kept', async () => {
    const text = await openPrivacyPage();
    expect(text).toContain(
      'Si votre navigateur envoie le signal « Do Not Track » ou « Global Privacy Control », rien n’est mesuré',
    );
    expect(text).toContain('chaque page vue est gardée 90 jours');
    expect(text).toContain('il ne reste que des totaux par jour et par heure');
    // The page no longer claims there is no audience measurement at all.
    expect(text).not.toContain('ni outils de mesure d’audience, ni');
  });
});
