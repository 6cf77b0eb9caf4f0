// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './root';

afterEach(cleanup);

function Never() {
  return null;
}

function renderFailing(error: unknown) {
  const Stub = createRoutesStub([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: Never,
      ErrorBoundary,
    },
  ]);
  return render(<Stub />);
}

describe('the root error screen', () => {
  it("shows 'Erreur de chargement' with a reload button when the app cannot start", async () => {
    // React Router reports the loader's failure on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailing(new Error('database unreachable'));
    expect(await screen.findByRole('heading', { name: 'Erreur de chargement' })).toBeTruthy();
    expect(screen.getByText('Une erreur est survenue lors du chargement de l’application.')).toBeTruthy();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    screen.getByRole('button', { name: 'Recharger la page' }).click();
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('shows the 404 page for a 404', async () => {
    renderFailing(new Response(null, { status: 404 }));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
