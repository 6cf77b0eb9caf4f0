// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicClientLogo } from '#common/api-types.ts';
import { ClientLogosSection } from './client-logos';

afterEach(cleanup);

const aLogo = (overrides: Partial<PublicClientLogo> = {}): PublicClientLogo => ({
  id: crypto.randomUUID(),
  name: 'Kin Textiles',
  logoUrl: null,
  websiteUrl: null,
  ...overrides,
});

describe('ClientLogosSection', () => {
  it('shows no section at all when no logo is visible', () => {
    render(<ClientLogosSection logos={[]} titleId="clients" />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows an uploaded logo in a fixed box, named by the client, with every width of the upload', () => {
    const url = '/media/0b6f6b4e-1f5c-4c57-9a7e-2f1d7c0a9b11.960.webp';
    render(
      <ClientLogosSection logos={[aLogo({ name: 'Bomoko Microfinance', logoUrl: url })]} titleId="clients" />,
    );
    const region = screen.getByRole('region', { name: 'Ils nous font confiance' });
    const image = within(region).getByRole('img', { name: 'Bomoko Microfinance' });
    expect(image.getAttribute('src')).toBe(url);
    expect(image.getAttribute('srcset')).toContain('.480.webp 480w');
    // Width and height reserve the box: the page does not move when the image arrives.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '48']);
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('links a logo to the client’s site in a new tab, saying so, without handing it this page', () => {
    render(
      <ClientLogosSection
        logos={[aLogo({ name: 'Mboka Market', websiteUrl: 'https://mboka.cd' })]}
        titleId="clients"
      />,
    );
    const link = screen.getByRole('link', { name: 'Mboka Market (nouvel onglet)' });
    expect(link.getAttribute('href')).toBe('https://mboka.cd');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('writes the name of a client without an image as a wordmark, neighbours in different styles', () => {
    const names = ['Lualaba Logistique', 'Matadi Express', 'Kin Textiles'];
    render(<ClientLogosSection logos={names.map((name) => aLogo({ name }))} titleId="clients" />);
    const items = screen.getAllByTestId('client-logo');
    expect(items.map((item) => item.textContent)).toEqual(names);
    // A small drawn mark beside the name, hidden from screen readers (the name says it all).
    for (const item of items) expect(item.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    const looks = items.map(
      (item) => `${item.querySelector('svg')?.innerHTML} ${item.querySelector('span span')?.className}`,
    );
    expect(new Set(looks).size).toBe(names.length);
  });
});
