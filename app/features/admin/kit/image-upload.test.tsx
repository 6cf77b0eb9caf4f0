// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES } from '#common/schemas/media.ts';
import { ImageUpload } from './image-upload';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial = null as string | null, onChange = (_: string | null) => {} }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ImageUpload
      label="Photo"
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

function setup(initial: string | null = null) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByLabelText(/Photo/) as HTMLInputElement };
}

const pick = (input: HTMLInputElement, file: File) => {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
};

const imageFile = (name: string, type: string, size = 1000) => {
  const file = new File([new Uint8Array(Math.min(size, 1000))], name, { type });
  if (size > 1000) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const media = {
  id: '6f1c2d7e-0000-4000-8000-000000000001',
  url: '/media/6f1c2d7e-0000-4000-8000-000000000001.480.webp',
  width: 480,
  height: 320,
  variants: {},
  srcset: '',
};

describe('ImageUpload', () => {
  it('refuses a file over 5 MB or of another type before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { input, onChange } = setup();
    pick(input, imageFile('grande.jpg', 'image/jpeg', 6 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.tooLarge);
    pick(input, imageFile('anim.gif', 'image/gif'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.wrongType);
    expect(fetch).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('posts the file as multipart with the CSRF header, then shows and reports the new URL', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ media }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { input, onChange } = setup();
    expect(screen.getByText('Aucune image')).toBeTruthy();
    pick(input, imageFile('photo.jpg', 'image/jpeg'));
    expect(await screen.findByText('Image envoyée : elle sera enregistrée avec le formulaire.')).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(media.url);
    expect((screen.getByAltText('Aperçu : Photo') as HTMLImageElement).getAttribute('src')).toBe(media.url);

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/media');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    const headers = new Headers(init.headers);
    expect(headers.get('X-Requested-With')).toBe('fetch');
    expect(headers.get('Content-Type')).toBeNull();
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows the server’s French refusal', async () => {
    const refusal = { error: { code: 'unsupported_media_type', message: MEDIA_MESSAGES.hiddenCode } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 415 })),
    );
    const { input, onChange } = setup();
    pick(input, imageFile('photo.png', 'image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.hiddenCode);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the current image', () => {
    const { onChange } = setup('/media/ancienne.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer l’image' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByText('Aucune image')).toBeTruthy();
    expect(screen.getByText('Choisir une image')).toBeTruthy();
  });
});
