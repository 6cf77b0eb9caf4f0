/**
 * French typography for visible text: a no-break space (U+00A0) before `! ? : ;` and inside
 * « », so that a phone never wraps a lone "!" or "»" onto a line of its own. Only the ordinary
 * spaces already there are replaced: letters and their order never change, and text without a
 * space before its punctuation (a URL, a time such as 10:30) is left as it is.
 *
 * Source strings are written with the no-break space already, and with the straight apostrophe (')
 * of the specification (tests/source/typography.test.ts checks every string of app/, common/,
 * server/ and the seeded email templates); text that staff type in
 * the back-office (titles, excerpts, descriptions, Markdown) goes through `frenchTypography` when
 * it is presented to the public (server/content/presenters.ts, server/content/markdown.ts).
 */
export const NBSP = '\u00a0';

/** Ordinary spaces (space, tab) before the punctuation that takes a no-break space in French. */
const SPACE_BEFORE = /[ \t]+([!?:;»])/g;
/** Ordinary spaces after an opening guillemet. */
const SPACE_AFTER_GUILLEMET = /«[ \t]+/g;

export function frenchTypography(text: string): string {
  return text.replace(SPACE_BEFORE, `${NBSP}$1`).replace(SPACE_AFTER_GUILLEMET, `«${NBSP}`);
}

/** Whether `text` has an ordinary space where French typography wants a no-break one. */
export const needsFrenchTypography = (text: string) => frenchTypography(text) !== text;
