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
