/**
 * French typography for visible text: a no-break space (U+00A0) before `! ? : ;` and inside
 * « », so that a phone never wraps a lone "!" or "»" onto a line of its own, and the typographic
 * apostrophe (’) for the straight one between two letters ("l’équipe", "aujourd’hui"). Only
 * the ordinary spaces and apostrophes already there are replaced: letters and their order never
 * change, and text without a space before its punctuation (a URL, a time such as 10:30) or an
 * apostrophe outside a word (a quotation in 'single quotes') is left as it is.
 *
 * Source strings are written with the no-break space and the typographic apostrophe already
 * (tests/source/typography.test.ts checks every string of app/, common/, server/, the seed's
 * content and the seeded email templates); text that staff type in the back-office (titles,
 * excerpts, descriptions, Markdown) goes through `frenchTypography` when it is presented to the
 * public (server/content/presenters.ts, server/content/markdown.ts).
 */
export const NBSP = '\u00a0';

/** Ordinary spaces (space, tab) before the punctuation that takes a no-break space in French. */
const SPACE_BEFORE = /[ \t]+([!?:;»])/g;
/** Ordinary spaces after an opening guillemet. */
const SPACE_AFTER_GUILLEMET = /«[ \t]+/g;

/** The typographic apostrophe (U+2019), the one every visible text uses. */
export const APOSTROPHE = '\u2019';
/** A straight apostrophe between two letters: an elision or a name (l'offre, N'Diaye). */
const STRAIGHT_APOSTROPHE = /(?<=\p{L})'(?=\p{L})/gu;

/** "Jeudi 24 décembre": a sentence, a heading or a line of its own starts with a capital. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Only the no-break spaces. */
export const frenchSpacing = (text: string) =>
  text.replace(SPACE_BEFORE, `${NBSP}$1`).replace(SPACE_AFTER_GUILLEMET, `«${NBSP}`);

/** Only the apostrophes. */
export const typographicApostrophes = (text: string) => text.replace(STRAIGHT_APOSTROPHE, APOSTROPHE);

export const frenchTypography = (text: string) => typographicApostrophes(frenchSpacing(text));
