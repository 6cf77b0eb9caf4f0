// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTestimonial } from '#common/api-types.ts';
import { installCarousels, stepCarousel } from '~/lib/carousel';
import { TestimonialsSection } from './testimonials';

afterEach(cleanup);

const aTestimonial = (overrides: Partial<PublicTestimonial> = {}): PublicTestimonial => ({
  id: crypto.randomUUID(),
  quote: 'Nos ventes en ligne ont doublé en six mois.',
  authorName: 'Awa Kalala',
  authorRole: 'Gérante',
  company: 'Kin Textiles',
  photoUrl: null,
  logoUrl: null,
  caseStudy: null,
  serviceIds: [],
  ...overrides,
});

/** What the route under test passes to the section (set before each render). */
let current: PublicTestimonial[] = [];

function SectionRoute() {
  return <TestimonialsSection testimonials={current} titleId="t-title" />;
}

function renderSection(testimonials: PublicTestimonial[]) {
  current = testimonials;
  const Stub = createRoutesStub([{ path: '/', Component: SectionRoute }]);
  return render(<Stub />);
}

describe('TestimonialsSection', () => {
  it('shows no section at all when there is no testimonial', () => {
    renderSection([]);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('draws each testimonial as a figure: the words quoted, who said them, the case study linked', () => {
    const study = { id: crypto.randomUUID(), title: 'Boutique en ligne' };
    renderSection([
      aTestimonial({ caseStudy: study }),
      aTestimonial({
        authorName: 'Paul Mukendi',
        authorRole: '',
        company: '',
        photoUrl: '/media/0b7c2f4e-8d1a-4c3b-9e2f-1a2b3c4d5e6f.960.webp',
      }),
    ]);
    const section = screen.getByRole('region', { name: 'Ils parlent de nous' });
    const [first, second] = within(section).getAllByRole('figure');
    expect(first?.querySelector('blockquote')?.textContent).toBe(
      'Nos ventes en ligne ont doublé en six mois.',
    );
    expect(first?.querySelector('figcaption')?.textContent).toBe('AKAwa KalalaGérante, Kin Textiles');
    expect(
      within(first as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/portfolio#case-${study.id}`);
    expect(within(first as HTMLElement).getByRole('link').textContent).toContain('Boutique en ligne');
    // A portrait replaces the initials; with neither role nor company, the name alone.
    const portrait = second?.querySelector('img');
    expect(portrait?.getAttribute('srcset')).toContain('480w');
    expect(portrait?.getAttribute('loading')).toBe('lazy');
    expect(second?.querySelector('figcaption')?.textContent).toBe('Paul Mukendi');
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('gives a row of several testimonials its buttons and the focus; one alone gets neither', () => {
    renderSection([aTestimonial(), aTestimonial()]);
    const list = screen.getByRole('list', { name: 'Témoignages (faites défiler)' });
    expect(list.getAttribute('tabindex')).toBe('0');
    for (const name of ['Témoignage précédent', 'Témoignage suivant']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-controls')).toBe(list.id);
    }
    cleanup();
    renderSection([aTestimonial()]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('list').hasAttribute('tabindex')).toBe(false);
  });
});

describe('the carousel buttons', () => {
  /** A row 300 px wide of cards 250 px wide with a 16 px gap: 4 cards, 764 px to scroll. */
  function row(scrollLeft: number) {
    document.body.innerHTML = `<ul id="row" style="column-gap:16px"><li></li><li></li></ul>
      <button data-carousel-step="next" aria-controls="row"></button>
      <button data-carousel-step="previous" aria-controls="row"></button>`;
    const list = document.getElementById('row') as HTMLElement;
    Object.defineProperties(list, {
      scrollWidth: { value: 1064 },
      clientWidth: { value: 300 },
      scrollLeft: { value: scrollLeft, writable: true },
    });
    Object.defineProperty(list.firstElementChild, 'offsetWidth', { value: 250 });
    const scrollTo = vi.fn();
    list.scrollTo = scrollTo as never;
    const [next, previous] = document.querySelectorAll('button');
    return { scrollTo, next: next as HTMLElement, previous: previous as HTMLElement };
  }

  it('moves by one card and a gap, and wraps around at either end', () => {
    let r = row(0);
    stepCarousel(r.next);
    expect(r.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 266 }));
    stepCarousel(r.previous);
    expect(r.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 764 }));
    r = row(764);
    stepCarousel(r.next);
    expect(r.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 0 }));
    stepCarousel(r.previous);
    expect(r.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 498 }));
  });

  it('answers a tap anywhere on the page once installed', () => {
    const r = row(0);
    installCarousels();
    r.next.click();
    expect(r.scrollTo).toHaveBeenCalledTimes(1);
  });
});
