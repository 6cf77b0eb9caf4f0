import { describe, expect, it } from 'vitest';
import { displayPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('writes Congolese numbers in E.164, with or without the country code', () => {
    expect(normalizePhone('0812345678')).toEqual({ phone: '+243812345678', phoneRaw: '0812345678' });
    expect(normalizePhone('+243 81 234 5678').phone).toBe('+243812345678');
    expect(normalizePhone('00243 99 123 4567').phone).toBe('+243991234567');
    expect(normalizePhone('0970 123 456').phone).toBe('+243970123456');
  });

  it('keeps foreign numbers international', () => {
    expect(normalizePhone('+33 6 12 34 56 78').phone).toBe('+33612345678');
  });

  it('keeps what was typed when the number is not valid, so the lead keeps it', () => {
    expect(normalizePhone('1234567890')).toEqual({ phone: '1234567890', phoneRaw: '1234567890' });
  });

  it('stores nothing for an empty phone', () => {
    expect(normalizePhone(undefined)).toEqual({ phone: null, phoneRaw: null });
    expect(normalizePhone('   ')).toEqual({ phone: null, phoneRaw: null });
  });
});

describe('displayPhone', () => {
  it('groups a valid number the international way, and leaves anything else as it was typed', () => {
    expect(displayPhone('+243810000001')).toBe('+243 81 000 0001');
    expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(displayPhone('poste 12')).toBe('poste 12');
    expect(displayPhone(null)).toBeNull();
  });
});
