import ical, { type VEvent } from 'node-ical';
import { expect } from 'vitest';

/** The one event of an .ics, read by a real parser (node-ical), and the calendar's METHOD. */
export function parseInvitation(text: string): { event: VEvent; method: string | undefined } {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return { event: events[0] as VEvent, method: /^METHOD:(.+)$/m.exec(text)?.[1]?.trim() };
}
