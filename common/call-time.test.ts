import { describe, expect, it } from 'vitest';
import { callTimeWords, deviceTimeZone, knownTimeZone, zoneLabel } from './call-time.ts';

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

  it('tells a device on UTC the truth: "heure UTC", never "heure d’UTC" nor Kinshasa’s, with Kinshasa’s beside it', () => {
    const at = new Date('2026-12-03T09:00:00Z');
    for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Zulu']) {
      expect(zoneLabel(zone)).toBe('heure UTC');
      expect(callTimeWords(at, zone)).toEqual({
        when: 'jeudi 3 décembre à 09:00 (heure UTC)',
        kinshasa: '10:00 à Kinshasa',
      });
    }
    // A zone without a city is named by its offset (Etc/GMT+3 is three hours behind UTC).
    expect(zoneLabel('Etc/GMT+3')).toBe('heure UTC\u22123');
    expect(callTimeWords(at, 'Etc/GMT+3').when).toBe('jeudi 3 décembre à 06:00 (heure UTC\u22123)');
  });

  it('shows one time, labelled Kinshasa, to a device on Kinshasa’s clock all year (Lagos, Luanda, UTC+1)', () => {
    const at = new Date('2026-12-03T09:00:00Z');
    for (const zone of ['Africa/Kinshasa', 'Africa/Lagos', 'Africa/Luanda', 'Etc/GMT-1']) {
      expect(callTimeWords(at, zone)).toEqual({
        when: 'jeudi 3 décembre à 10:00 (heure de Kinshasa)',
        kinshasa: '',
      });
      expect(zoneLabel(zone, at)).toBe('heure de Kinshasa');
    }
    // Lubumbashi is an hour ahead: its own name, and Kinshasa's time beside it.
    expect(callTimeWords(at, 'Africa/Lubumbashi')).toEqual({
      when: 'jeudi 3 décembre à 11:00 (heure de Lubumbashi)',
      kinshasa: '10:00 à Kinshasa',
    });
  });

  it('reads the device’s zone from its name, else from its offset, else says it does not know', () => {
    expect(deviceTimeZone('Europe/Paris', 60)).toBe('Europe/Paris');
    expect(deviceTimeZone('Etc/UTC', 0)).toBe('UTC');
    // A browser that cannot name its zone still knows its offset from UTC.
    expect(deviceTimeZone('Etc/Unknown', 0)).toBe('UTC');
    expect(deviceTimeZone(undefined, 60)).toBe('Etc/GMT-1');
    expect(deviceTimeZone('', -300)).toBe('Etc/GMT+5');
    // Half an hour off (India): no Etc zone says it, and the page claims nothing.
    expect(deviceTimeZone(undefined, 330)).toBeNull();
  });
});
