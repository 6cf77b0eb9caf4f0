// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteIconButton, EditIconButton } from './buttons';
import { IconButton } from './icon-button';

afterEach(() => {
  cleanup();
});

describe('icon-only buttons of the back-office', () => {
  it('say what they do in a tooltip on keyboard focus, and keep their full name', async () => {
    const onEdit = vi.fn();
    render(
      <>
        <EditIconButton name="SEO" onClick={onEdit} />
        <DeleteIconButton name="SEO" onClick={() => {}} />
      </>,
    );
    const edit = screen.getByRole('button', { name: /^Modifier «\sSEO\s»$/ });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.focus(edit);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Modifier');
    fireEvent.blur(edit);

    fireEvent.focus(screen.getByRole('button', { name: /^Supprimer «\sSEO\s»$/ }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Supprimer');

    fireEvent.click(edit);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('name a link drawn as an icon button, and its tooltip says the same when no short text is given', async () => {
    render(
      <IconButton asChild label="Voir la page">
        <a href="/services">→</a>
      </IconButton>,
    );
    const link = screen.getByRole('link', { name: 'Voir la page' });
    expect(link.getAttribute('href')).toBe('/services');
    fireEvent.focus(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Voir la page');
  });
});
