import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_REGION } from '#common/constants.ts';

/**
 * A phone number as staff can dial it: E.164 when the number is valid (a Congolese number may be
 * typed without its country code: '0812345678' becomes '+243812345678'), otherwise what was typed,
 * so no lead loses its number. The raw input is always kept too.
 */
export function normalizePhone(input: string | undefined): { phone: string | null; phoneRaw: string | null } {
  const raw = input?.trim();
  if (!raw) return { phone: null, phoneRaw: null };
  const parsed = parsePhoneNumberFromString(raw, DEFAULT_PHONE_REGION);
  return { phone: parsed?.isValid() ? parsed.number : raw, phoneRaw: raw };
}

/**
 * A stored number as staff read it, when it is a valid number: a Congolese one the way Kinshasa
 * writes it, operator prefix then 3 and 4 digits (`+243 81 000 0001`, where libphonenumber would
 * group 3-3-3), any other the international way (`+33 6 12 34 56 78`). Otherwise as it was typed.
 */
export function displayPhone(stored: string | null): string | null {
  if (!stored) return null;
  const parsed = parsePhoneNumberFromString(stored, DEFAULT_PHONE_REGION);
  if (!parsed?.isValid()) return stored;
  const national = parsed.nationalNumber;
  if (parsed.countryCallingCode === '243' && national.length === 9)
    return `+243 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  return parsed.formatInternational();
}
