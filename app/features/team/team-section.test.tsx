// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicTeamMember } from '#common/api-types.ts';
import { aPublicTeamMember } from '#tests/helpers/answer-factories.ts';
import { initials } from '~/lib/initials';
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

  it('draws a portrait for whoever has no photo: six people, not six copies, and the same again for the same list', async () => {
    const team = [
      'Grâce Nsimba',
      'Héritier Lokonda',
      'Patience',
      'Divine Mukendi',
      'Jonathan Ilunga',
      'Christelle Kabongo',
    ].map((name) => aPublicTeamMember({ name, photoUrl: null }));
    renderTeam(team);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    // A drawing hidden from screen readers (the name is written beside it), never an image.
    for (const card of cards) expect(within(card).queryByRole('img')).toBeNull();
    const drawings = () => screen.getAllByTestId('portrait-placeholder');
    for (const drawing of drawings()) {
      expect(drawing.tagName.toLowerCase()).toBe('svg');
      expect(drawing.getAttribute('aria-hidden')).toBe('true');
      expect(drawing.textContent).toBe('');
    }
    // Every one differs from every other, and is drawn the same again.
    const first = drawings().map((drawing) => drawing.innerHTML.replace(/avatar-[a-z0-9-]+/g, 'clip'));
    expect(new Set(first).size).toBe(6);
    cleanup();
    renderTeam(team);
    await screen.findAllByRole('article');
    expect(drawings().map((drawing) => drawing.innerHTML.replace(/avatar-[a-z0-9-]+/g, 'clip'))).toEqual(
      first,
    );
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
