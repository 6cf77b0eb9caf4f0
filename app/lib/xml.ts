/**
 * For the feeds and the sitemap, built as strings: every text and attribute value goes through
 * `escapeXml`, so a title with "&" or "<" never breaks the document (or injects markup into it).
 */

// Characters XML 1.0 forbids even when escaped (control characters other than tab, LF and CR).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we strip.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
