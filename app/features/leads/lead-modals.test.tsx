// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { LeadModalsHost } from './lead-modals';
import { closeLead, openQuote } from './lead-modals-store';

afterEach(() => {
  act(() => closeLead());
  cleanup();
});

/** Mounts a host of the modals, opens the quote modal and resolves with its dialog. */
async function openQuoteFromNewHost() {
  stubFetch({ 'GET /api/services': { json: [] } });
  await act(async () => {
    render(<LeadModalsHost />);
  });
  await act(async () => openQuote('Conseil général'));
  return screen.findByRole('dialog', { name: 'Obtenez votre devis personnalisé' });
}

describe('the lead modals’ host (decision 130)', () => {
  // One module, its chunk loaded once, and hosts mounted one after the other: the test files that
  // share a worker's modules do this. The second host's first render spun for good in React's
  // `act`, and `npm test` never ended (a test that fails here hangs instead).
  it('opens the quote modal from a second host once the first has loaded the modals', async () => {
    expect(await openQuoteFromNewHost()).toBeTruthy();
    cleanup();
    expect(await openQuoteFromNewHost()).toBeTruthy();
  });
});
