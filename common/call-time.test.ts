import { describe, expect, it } from 'vitest';
import { callTimeWords, knownTimeZone, zoneLabel } from './call-time.ts';

describe('a call’s time in words', () => {
  it('gives Kinshasa’s time beside the visitor’s only when the clocks differ', () => {
    // 09:00 UTC on 3 December 2026: 10:00 in Paris (winter) and in Kinshasa.
    expect(callTimeWords(new Date('2026-12-03T09:00:00Z'), 'Europe/Paris')).toEqual({
      when: 'jeudi 3 décembre à 10:00 (heure de Paris)',
      kinshasa: '',
    });
    // In summer Paris is an hour ahead of Kinshasa.
    expect(callTimeWords(new Date('2027-06-03T09:00:00Z'), 'Europe/Paris')).toEqual({
      when: 'jeudi 3 juin à 11:00 (heure de Paris)',
      kinshasa: '10:00 à Kinshasa',
    });
    // Late in New York is already the next day in Kinshasa: the day is said.
    expect(callTimeWords(new Date('2026-12-03T23:30:00Z'), 'America/New_York')).toEqual({
      when: 'jeudi 3 décembre à 18:30 (heure de New York)',
      kinshasa: 'vendredi 4 décembre à 00:30 à Kinshasa',
    });
  });

  it('names the zone by its city, elided before a vowel, and takes an unknown zone for Kinshasa', () => {
    expect(zoneLabel('Africa/Abidjan')).toBe('heure d’Abidjan');
    expect(zoneLabel('Africa/Lubumbashi')).toBe('heure de Lubumbashi');
    expect(knownTimeZone('Mars/Olympus')).toBe('Africa/Kinshasa');
    expect(callTimeWords(new Date('2026-12-03T09:00:00Z'), 'Mars/Olympus').when).toBe(
      'jeudi 3 décembre à 10:00 (heure de Kinshasa)',
    );
  });
});
