import { configure } from '@testing-library/dom';

/**
 * `findBy…` and `waitFor` wait for what the screen shows after a fetch, a debounce or a render.
 * Their default ceiling (1 s) holds on an idle machine only: with `npm test` running Vitest beside
 * Playwright on two cores, a screen test once waited longer than that for a preview that did
 * come. A generous ceiling costs nothing when the element comes (the wait ends as soon as it is
 * there) and still fails, with the same message, when it never does.
 */
configure({ asyncUtilTimeout: 20_000 });
