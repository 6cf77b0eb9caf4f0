// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh modules, loaded once by each test: the toast store and the lazy toaster are module state. */
async function load() {
  vi.resetModules();
  const [{ ToastMount }, { toast }] = await Promise.all([import('./toast-mount'), import('~/lib/toast')]);
  return { ToastMount, toast };
}

afterEach(() => {
  cleanup();
});

describe('ToastMount', () => {
  it('on public pages, mounts nothing until the first toast is asked for', async () => {
    const { ToastMount, toast } = await load();
    render(<ToastMount />);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // past whenIdle's fallback delay
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
    act(() => {
      toast({ title: 'Message envoyé !' });
    });
    expect(await screen.findByText(/^Message envoyé.!$/)).toBeTruthy();
  });

  it('in the back-office (preload), is ready before any toast, so two live toasts a moment apart are both shown', async () => {
    const { ToastMount, toast } = await load();
    render(<ToastMount preload />);
    await screen.findByRole('region', { name: 'Notifications (F8)' });
    act(() => {
      toast({ title: 'Nouveau contact !', description: 'Awa Mbuyi vient de nous contacter' });
    });
    // Shown at once, not after a fetch during which the next toast could replace it.
    expect(screen.getByText('Awa Mbuyi vient de nous contacter')).toBeTruthy();
    act(() => {
      toast({ title: 'Nouveau contact !', description: 'Joël Tshibanda vient de nous contacter' });
    });
    expect(screen.getByText('Joël Tshibanda vient de nous contacter')).toBeTruthy();
    expect(screen.queryByText('Awa Mbuyi vient de nous contacter')).toBeNull(); // one at a time
  });
});
