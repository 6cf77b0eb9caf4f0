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

/** The content lines of an .ics, unfolded (RFC 5545 §3.1: CRLF then one space or tab continues). */
export function contentLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

// RFC 5545 §3.1's grammar: control characters (but HTAB) appear nowhere; a parameter's value is
// quoted (anything but DQUOTE) or bare (nor ";", ":" or ","); TEXT escapes "\", ";", "," and newlines.
const CTL = String.raw`\u0000-\u0008\u000A-\u001F\u007F`;
const PARAM_VALUE = `(?:"[^${CTL}"]*"|[^${CTL}";:,]*)`;
const CONTENT_LINE = new RegExp(
  `^[A-Za-z0-9-]+(?:;[A-Za-z0-9-]+=${PARAM_VALUE}(?:,${PARAM_VALUE})*)*:[^${CTL}]*$`,
  'u',
);
const TEXT_PROPERTIES = /^(SUMMARY|DESCRIPTION|LOCATION|COMMENT)[;:]/;
const ESCAPED_TEXT = /^(?:[^\\;,]|\\[\\;,nN])*$/u;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What an .ics breaks of RFC 5545's syntax, in words (none: []): line ends other than CRLF, a
 * physical line over 75 octets or cut inside a UTF-8 character, a content line out of the grammar
 * (a DQUOTE inside a quoted parameter, a bare ";" in one), a TEXT value with an unescaped ";" or ",".
 */
export function invitationProblems(text: string): string[] {
  const problems: string[] = [];
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) problems.push('a line ends with a lone CR or LF');
  const octets = Buffer.from(text, 'utf8');
  let start = 0;
  while (start < octets.length) {
    let end = octets.indexOf('\r\n', start);
    if (end === -1) end = octets.length;
    const line = octets.subarray(start, end);
    if (line.length > 75) problems.push(`${line.length} octets: ${line.toString('utf8')}`);
    try {
      utf8.decode(line);
    } catch {
      problems.push(`cut inside a character: ${line.toString('utf8')}`);
    }
    start = end + 2;
  }
  for (const line of contentLines(text)) {
    if (!CONTENT_LINE.test(line)) problems.push(`out of the grammar: ${line}`);
    else if (TEXT_PROPERTIES.test(line) && !ESCAPED_TEXT.test(line.slice(line.indexOf(':') + 1))) {
      problems.push(`unescaped text: ${line}`);
    }
  }
  return problems;
}
