// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicTeamMember } from '#common/api-types.ts';
import { aPublicTeamMember } from '#tests/helpers/answer-factories.ts';
import { initials, PORTRAIT_TINTS } from '~/lib/initials';
import { TeamSection } from './team-section';

afterEach(cleanup);

/** What the route under test passes to the section (set by each test before rendering). */
let currentTeam: PublicTeamMember[] | Promise<PublicTeamMember[]> = [];

function TeamRoute() {
  return <TeamSection team={currentTeam} />;
}

function renderTeam(team: PublicTeamMember[] | Promise<PublicTeamMember[]>) {
  currentTeam = team;
  const Stub = createRoutesStub([{ path: '/', Component: TeamRoute }]);
  return render(<Stub />);
}

describe('TeamSection', () => {
  it('shows six skeleton cards while the team is loading', async () => {
    renderTeam(new Promise(() => {}));
    expect(await screen.findAllByTestId('team-skeleton')).toHaveLength(6);
    expect(screen.getByRole('list', { name: 'Chargement de l’équipe' }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });

  it("shows 'Équipe en construction' when there is nobody", async () => {
    renderTeam(Promise.resolve([]));
    expect(await screen.findByText('Équipe en construction')).toBeTruthy();
    expect(screen.queryAllByTestId('team-skeleton')).toHaveLength(0);
  });

  it('shows a card per member with at most three skills and links in a new tab', async () => {
    renderTeam([
      aPublicTeamMember({
        name: 'Grâce Nsimba',
        skills: ['SEO', 'Stratégie', 'Publicité', 'Analytics', 'Branding'],
        linkedinUrl: 'https://www.linkedin.com/in/grace',
      }),
      aPublicTeamMember({ name: 'Héritier Lokonda', linkedinUrl: null, skills: [] }),
    ]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Grâce Nsimba' })).toBeTruthy();
    expect(
      within(within(first).getByRole('list', { name: 'Compétences' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    const link = within(first).getByRole('link', { name: /LinkedIn/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(cards[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(cards[1] as HTMLElement).queryByRole('list', { name: 'Compétences' })).toBeNull();
  });

  it('draws a placeholder with the initials on a tint, never a generic icon, when there is no photo', async () => {
    renderTeam([
      aPublicTeamMember({ name: 'Grâce Nsimba', photoUrl: null }),
      aPublicTeamMember({ name: 'Héritier Lokonda', photoUrl: null }),
      aPublicTeamMember({ name: 'Patience', photoUrl: null }),
    ]);
    const cards = await screen.findAllByRole('article');
    const placeholders = screen.getAllByTestId('portrait-placeholder');
    expect(placeholders.map((p) => p.textContent)).toEqual(['GN', 'HL', 'P']);
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(within(card).queryByRole('img')).toBeNull();
    // Letters, not a drawing: no icon (the old generic silhouette was an SVG) in any placeholder.
    for (const placeholder of placeholders) expect(placeholder.querySelector('svg')).toBeNull();
    // Next members get different tints, and the same list always gets the same ones.
    const tints = placeholders.map((p) => PORTRAIT_TINTS.find((tint) => p.className.includes(tint)));
    expect(tints).toEqual([PORTRAIT_TINTS[0], PORTRAIT_TINTS[1], PORTRAIT_TINTS[2]]);
  });

  it('shows the uploaded photo with the srcset of its WebP variants', async () => {
    const id = '0b8f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
    renderTeam([aPublicTeamMember({ name: 'Grâce Nsimba', photoUrl: `/media/${id}.960.webp` })]);
    const photo = await screen.findByRole('img', { name: 'Portrait de Grâce Nsimba' });
    expect(photo.getAttribute('src')).toBe(`/media/${id}.960.webp`);
    expect(photo.getAttribute('srcset')).toBe(`/media/${id}.480.webp 480w, /media/${id}.960.webp 960w`);
    expect(photo.getAttribute('width')).toBe('80');
    expect(photo.getAttribute('height')).toBe('80');
    expect(screen.queryByTestId('portrait-placeholder')).toBeNull();
  });

  it('keeps a photo from elsewhere (seeded, external) without a srcset', async () => {
    renderTeam([aPublicTeamMember({ name: 'Grâce Nsimba', photoUrl: 'https://example.org/grace.jpg' })]);
    const photo = await screen.findByRole('img', { name: 'Portrait de Grâce Nsimba' });
    expect(photo.getAttribute('srcset')).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words, accents kept', () => {
    expect(initials('Grâce Nsimba')).toBe('GN');
    expect(initials('  élodie  mbuyi  kasongo ')).toBe('ÉK');
    expect(initials('E\u0301lodie Mbuyi')).toBe('ÉM');
    expect(initials('Patience')).toBe('P');
    expect(initials('   ')).toBe('?');
  });
});
