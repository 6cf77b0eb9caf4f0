// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicTeamMember } from '../../../server/content/presenters.ts';
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

const member = (overrides: Partial<PublicTeamMember> = {}): PublicTeamMember => ({
  id: crypto.randomUUID(),
  name: 'Grâce Nsimba',
  position: 'Directrice de la stratégie',
  bio: 'Bio.',
  skills: ['SEO', 'Stratégie', 'Publicité', 'Analytics', 'Branding'],
  photoUrl: null,
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  twitterUrl: null,
  order: 0,
  isActive: true,
  ...overrides,
});

describe('TeamSection', () => {
  it('shows six skeleton cards while the team is loading', async () => {
    renderTeam(new Promise(() => {}));
    expect(await screen.findAllByTestId('team-skeleton')).toHaveLength(6);
    expect(screen.getByRole('list', { name: "Chargement de l'équipe" }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });

  it("shows 'Équipe en construction' when there is nobody", async () => {
    renderTeam(Promise.resolve([]));
    expect(await screen.findByText('Équipe en construction')).toBeTruthy();
    expect(screen.queryAllByTestId('team-skeleton')).toHaveLength(0);
  });

  it('shows a card per member with at most three skills, a placeholder photo and links in a new tab', async () => {
    renderTeam([member(), member({ name: 'Héritier Lokonda', linkedinUrl: null, skills: [] })]);
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
});
