import { describe, expect, it } from 'vitest';
import { resolveServiceIcon } from './service-icon';

describe('resolveServiceIcon', () => {
  it('uses a known icon name as is', () => {
    expect(resolveServiceIcon('palette').icon).toBe('palette');
    expect(resolveServiceIcon('  Video ').icon).toBe('video');
  });

  it('picks the icon from keywords of an unknown name, in the order of the specification', () => {
    expect(resolveServiceIcon('business-plan').icon).toBe('briefcase');
    expect(resolveServiceIcon('web-app').icon).toBe('globe');
    expect(resolveServiceIcon('mobile-app').icon).toBe('smartphone');
    expect(resolveServiceIcon('growth-loop').icon).toBe('trending-up');
    expect(resolveServiceIcon('ecommerce-store').icon).toBe('shopping-cart');
    expect(resolveServiceIcon('webshop').icon).toBe('globe'); // "web" comes before "shop"
    expect(resolveServiceIcon('payment-gateway').icon).toBe('credit-card');
    expect(resolveServiceIcon('data-lake').icon).toBe('database');
  });

  it('falls back to the target icon', () => {
    expect(resolveServiceIcon('licorne').icon).toBe('target');
    expect(resolveServiceIcon('').icon).toBe('target');
  });

  it('looks at the title when the name says nothing', () => {
    expect(resolveServiceIcon('inconnu', 'Social media').icon).toBe('share-2');
  });

  it('colours by keyword: orange, blue, purple, green, emerald, else green', () => {
    expect(resolveServiceIcon('megaphone', 'Marketing Digital').color).toBe('orange');
    expect(resolveServiceIcon('communication').color).toBe('orange');
    expect(resolveServiceIcon('globe', 'Site web vitrine').color).toBe('blue');
    expect(resolveServiceIcon('tech-stack').color).toBe('blue');
    expect(resolveServiceIcon('pen-tool', 'Design graphique').color).toBe('purple');
    expect(resolveServiceIcon('creative-lab').color).toBe('purple');
    expect(resolveServiceIcon('consulting').color).toBe('green');
    expect(resolveServiceIcon('analytics-dashboard').color).toBe('emerald');
    expect(resolveServiceIcon('Données', 'Data et performance').color).toBe('emerald');
    expect(resolveServiceIcon('palette', 'Branding').color).toBe('green');
  });

  it('ignores case and accents', () => {
    expect(resolveServiceIcon('DIGITAL', 'Stratégie').color).toBe('blue');
  });
});
