// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicService } from '#common/api-types.ts';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { aService } from '#tests/helpers/answer-factories.ts';
import { getQueryClient } from '~/lib/query';
import { ContactFormRoot } from './contact-form';
import { SERVICES_QUERY_KEY } from './form-fields';

const SERVICES: PublicService[] = [aService({ id: '0b7c3e4a-1d2f-4a5b-8c6d-7e8f9a0b1c2d' })];

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  getQueryClient().clear();
  stubFetch({ 'GET /api/services': { json: SERVICES } });
});
afterEach(() => {
  cleanup();
  getQueryClient().clear();
  vi.unstubAllGlobals();
});

describe('the contact form island', () => {
  it('hydrates without a mismatch when the tab already holds the services (a second page of the visit)', async () => {
    // The server knows no services list: its HTML has only the catch-all choice.
    const element = document.createElement('div');
    element.innerHTML = renderToString(<ContactFormRoot />);
    document.body.append(element);
    // The tab kept /api/services from an earlier page (app/lib/startup-prefetch.ts).
    getQueryClient().setQueryData([...SERVICES_QUERY_KEY], SERVICES, { updatedAt: Date.now() });

    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(element, <ContactFormRoot />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    // Once hydrated, the services are offered.
    const options = [...element.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toContain('Stratégie Marketing');
  });
});
