import ical, { type VEvent } from 'node-ical';

/**
 * The one event of an .ics, read by a real parser (node-ical), and the calendar's METHOD; throws
 * unless there is exactly one event. Free of any test runner: Vitest and Playwright both use it.
 */
export function parseInvitation(text: string): { event: VEvent; method: string | undefined } {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT');
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length} in:\n${text}`);
  return { event: events[0] as VEvent, method: /^METHOD:(.+)$/m.exec(text)?.[1]?.trim() };
}
