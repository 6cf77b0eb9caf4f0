// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallPageAnswer } from '#common/schemas/calls.ts';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { openPage } from '#tests/helpers/audience-page.ts';
import { recordVisit } from '~/lib/audience/visit';
import { CallBooking } from './call-booking';

/**
 * The call page on devices in several zones (docs/product.md §2.8): the page, the confirmation and
 * the move screen say the same true thing about the time shown. The device's zone is the process's
 * (Node reads TZ again when it changes).
 */
const deviceZone = process.env.TZ;
afterEach(() => {
  cleanup();
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

// 09:00 and 09:30 UTC on Thursday 3 December 2026: 10:00 and 10:30 in Kinshasa.
const SLOTS = [
  { startsAt: '2026-12-03T09:00:00.000Z', endsAt: '2026-12-03T09:30:00.000Z' },
  { startsAt: '2026-12-03T09:30:00.000Z', endsAt: '2026-12-03T10:00:00.000Z' },
];
const BOOKED = {
  startsAt: SLOTS[0]?.startsAt ?? '',
  endsAt: SLOTS[0]?.endsAt ?? '',
  status: 'confirmed' as const,
  withName: 'Nadine Mbuyi',
};

const pageIn = (
  timeZone: string,
  call: CallPageAnswer['call'] = null,
  hosts: string[] = ['Nadine Mbuyi', 'Patrick Kalala'],
): CallPageAnswer => ({
  firstName: 'Amani',
  call,
  slots: SLOTS,
  matchesPreference: true,
  meetingDetails: 'Nous vous appelons au numéro que vous nous avez indiqué.',
  preferredTime: 'Flexible',
  timeZone,
  hosts,
});

/** The page as the server renders it (Kinshasa's clock), on a device in `zone`. */
function openOn(zone: string, call: CallPageAnswer['call'] = null, hosts?: string[]) {
  process.env.TZ = zone;
  const { calls } = stubFetch({
    // The page read again on the device's clock (the server names the zone as the runtime does).
    'GET /api/calls': ({ url }) => ({ json: pageIn(url.searchParams.get('timeZone') ?? '', call, hosts) }),
  });
  render(<CallBooking state="valid" token="abc.def" page={pageIn('Africa/Kinshasa', call, hosts)} />);
  return calls;
}

const text = () => document.body.textContent ?? '';

describe('the call page tells every device the truth about the times it shows', () => {
  it('as the server renders it, before the device is known, it says Kinshasa without claiming the device', () => {
    const html = renderToString(
      <CallBooking state="valid" token="abc.def" page={pageIn('Africa/Kinshasa')} />,
    );
    expect(html).toContain('Heures affichées à l’heure de Kinshasa.');
    expect(html).not.toContain('celle de votre appareil');
  });

  it('on UTC: "heure UTC", never "heure d’UTC", with Kinshasa’s time under each; the same on the confirmation and the move screen', async () => {
    const calls = openOn('UTC');
    expect(
      await screen.findByText(
        'Heures affichées à l’heure UTC, celle de votre appareil, avec l’heure de Kinshasa en dessous.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.searchParams.get('timeZone') === 'UTC')).toBe(true);
    expect(screen.getByRole('button', { name: /^09:00\s*10:00 à Kinshasa$/ })).toBeTruthy();
    expect(text()).not.toMatch(/heure d.UTC/);
    cleanup();

    openOn('UTC', BOOKED);
    expect(await screen.findByText('jeudi 3 décembre à 09:00 (heure UTC)')).toBeTruthy();
    expect(screen.getByText('soit 10:00 à Kinshasa')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Déplacer l’appel' }));
    expect(screen.getByText(/^Heures affichées à l’heure UTC, celle de votre appareil/)).toBeTruthy();
    expect(text()).not.toMatch(/heure d.UTC|Heures affichées à l’heure de Kinshasa/);
  });

  it('on a UTC device whose browser cannot name its zone: its offset says UTC, never Kinshasa', async () => {
    openOn('Etc/Unknown');
    expect(await screen.findByText(/^Heures affichées à l’heure UTC, celle de votre appareil/)).toBeTruthy();
  });

  for (const zone of ['Africa/Kinshasa', 'Africa/Lagos']) {
    it(`on ${zone}: one time, labelled Kinshasa, said to be the device’s`, async () => {
      openOn(zone, BOOKED);
      expect(await screen.findByText('jeudi 3 décembre à 10:00 (heure de Kinshasa)')).toBeTruthy();
      expect(screen.queryByText(/^soit /)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Déplacer l’appel' }));
      expect(
        await screen.findByText('Heures affichées à l’heure de Kinshasa, celle de votre appareil.'),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: '10:00' })).toBeTruthy();
      // The day's button starts with a capital, as the day over its times does.
      expect(screen.getByRole('button', { name: 'Jeu. 3 déc.', pressed: true })).toBeTruthy();
      expect(text()).not.toMatch(/à Kinshasa|Lagos/);
    });
  }
});

describe('the call page on a laptop says what the call is beside its times', () => {
  it('who takes it (the team, its one free member, then its host), how long, how it takes place and on which clocks', async () => {
    // Two members of staff free at the times offered: either may take it, the agency is named.
    openOn('UTC');
    const summary = await screen.findByRole('complementary', { name: 'Appel découverte gratuit' });
    await waitFor(() => expect(summary.textContent).toContain('Heure UTC, celle de votre appareil'));
    expect(summary.textContent).toContain('Avec l’heure de Kinshasa sous chaque créneau');
    expect(summary.textContent).toContain('Avec l’équipe');
    expect(summary.querySelector('img[src="/icon.svg"]'), 'the agency’s logo').toBeTruthy();
    expect(summary.textContent).not.toMatch(/Nadine|Patrick/);
    expect(summary.textContent).toContain('30\u00a0minutes');
    expect(summary.textContent).toContain('Nous vous appelons au numéro que vous nous avez indiqué.');
    cleanup();

    // One member of staff free: they take the call, named (with their initials) before booking.
    openOn('Africa/Kinshasa', null, ['Patrick Kalala']);
    const alone = await screen.findByRole('complementary', { name: 'Appel découverte gratuit' });
    expect(within(alone).getByText('Patrick Kalala')).toBeTruthy();
    expect(within(alone).getByText('PK')).toBeTruthy();
    expect(alone.textContent).not.toContain('l’équipe');
    cleanup();

    openOn('Africa/Kinshasa', BOOKED);
    const booked = await screen.findByRole('complementary', { name: 'Appel découverte gratuit' });
    expect(within(booked).getByText('Nadine Mbuyi')).toBeTruthy();
    expect(within(booked).getByText('NM')).toBeTruthy();
    expect(booked.textContent).not.toContain('l’équipe');
    // Kinshasa's own clock: no second clock to announce.
    expect(booked.textContent).not.toContain('sous chaque créneau');
  });
});

describe('booking the call sends the tab’s visit with it (084)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('on booking, not on cancelling', async () => {
    // The lead opens the call page from the email's link: a visit of its own, landing there.
    sessionStorage.clear();
    openPage('/appel-decouverte?token=abc.def');
    recordVisit();
    process.env.TZ = 'Africa/Kinshasa';
    const { calls } = stubFetch({
      'GET /api/calls': { json: pageIn('Africa/Kinshasa') },
      'POST /api/calls/book': { json: { call: BOOKED } },
      'POST /api/calls/cancel': { json: { call: { ...BOOKED, status: 'cancelled' } } },
    });
    render(<CallBooking state="valid" token="abc.def" page={pageIn('Africa/Kinshasa')} />);
    fireEvent.click(await screen.findByRole('button', { name: '10:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
    await screen.findByText(/C’est réservé/);

    const posted = (path: string) =>
      JSON.parse(calls.find((call) => call.method === 'POST' && call.url.pathname === path)?.body ?? '{}');
    expect(posted('/api/calls/book')).toEqual({
      token: 'abc.def',
      startsAt: SLOTS[0]?.startsAt,
      timeZone: 'Africa/Kinshasa',
      visit: { landingPath: '/appel-decouverte', pages: ['/appel-decouverte'], pagesSeen: 1 },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Annuler l’appel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Oui, annuler l’appel' }));
    // The page once cancelled: every state update of the answer is done before the test ends.
    await screen.findByText(/Votre appel est annulé/);
    expect(posted('/api/calls/cancel')).toEqual({ token: 'abc.def' });
  });
});
