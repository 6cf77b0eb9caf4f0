// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markdownExtensions } from './extensions';
import { keepsEveryWord, MarkdownEditor, SOURCE_ONLY_NOTICE } from './markdown-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the visual editor gives back for a Markdown text it opened untouched. */
function roundTrip(markdown: string): string {
  const editor = new Editor({ extensions: markdownExtensions(), content: markdown, contentType: 'markdown' });
  const out = editor.getMarkdown();
  editor.destroy();
  return out;
}

function Harness({ initial, changes }: { initial: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MarkdownEditor
      label="Contenu"
      value={value}
      onChange={(markdown) => {
        changes.push(markdown);
        setValue(markdown);
      }}
      sourcePreview={(markdown) => <output data-testid="preview">{markdown.length}</output>}
    />
  );
}

function setup(initial: string) {
  const changes: string[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} changes={changes} />
    </QueryClientProvider>,
  );
  return { changes, last: () => changes.at(-1) ?? initial };
}

/** The editor opened on `initial` in its visual mode, its text shown and focused, and its toolbar. */
async function setupFocused(initial: string) {
  const { last } = setup(initial);
  const toolbar = await screen.findByRole('toolbar', { name: 'Mise en forme' });
  const textbox = screen.getByRole('textbox', { name: 'Contenu' });
  await waitFor(() => expect(textbox.textContent).toBe(initial));
  fireEvent.focus(textbox);
  return { last, toolbar, textbox };
}

const media = {
  id: '6f1c2d7e-0000-4000-8000-000000000001',
  url: '/media/6f1c2d7e-0000-4000-8000-000000000001.960.webp',
  width: 960,
  height: 640,
  variants: {},
  srcset: '',
};

const POST = [
  '## Étape un',
  'Une marque **forte** se construit *pas à pas*.',
  '- Écouter\n- Tester',
  '1. Un\n2. Deux',
  '> Une citation',
  'Voir [nos services](/services) ou [écrire](mailto:contact@agence.cd).',
  '![Une équipe en atelier](/media/6f1c2d7e-0000-4000-8000-000000000001.960.webp)',
  '### Sous-titre',
  '[Demander un devis gratuit](/contact#devis)',
].join('\n\n');

describe('the rich-text editor', () => {
  it('gives back the Markdown of a post it opened untouched', () => {
    expect(roundTrip(POST)).toBe(POST);
  });

  it('knows when it would lose words (a table, raw HTML) and keeps such content in Markdown', async () => {
    const table = 'Avant.\n\n| Canal | Part |\n|---|---|\n| WhatsApp | 60 % |';
    expect(keepsEveryWord(table, roundTrip(table))).toBe(false);
    expect(keepsEveryWord(POST, roundTrip(POST))).toBe(true);

    setup(table);
    // Matched whole: Testing Library's text normaliser does not read the no-break space before ':'.
    expect(await screen.findByText((_, element) => element?.textContent === SOURCE_ONLY_NOTICE)).toBeTruthy();
    const source = screen.getByLabelText('Contenu (Markdown)') as HTMLTextAreaElement;
    expect(source.value).toBe(table);
    // Back to the visual editor is refused: it would drop the table.
    fireEvent.click(screen.getByRole('button', { name: 'Markdown' }));
    expect(screen.getByLabelText('Contenu (Markdown)')).toBeTruthy();
  });

  it('formats the text from its toolbar and gives the form Markdown', async () => {
    const { last, toolbar, textbox } = await setupFocused('Une marque forte.');
    // Select everything, then make it bold, then a heading.
    fireEvent.keyDown(textbox, { key: 'a', ctrlKey: true });
    const bold = within(toolbar).getByRole('button', { name: 'Gras' });
    fireEvent.click(bold);
    await waitFor(() => expect(last()).toBe('**Une marque forte.**'));
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Intertitre' }));
    await waitFor(() => expect(last()).toBe('## **Une marque forte.**'));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Défaire' }));
    await waitFor(() => expect(last()).toBe('**Une marque forte.**'));
  });

  it('inserts the quote call to action as its own paragraph', async () => {
    const { last, toolbar } = await setupFocused('Intro.');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Appel à l’action (devis)' }));
    await waitFor(() =>
      expect(last()).toMatch(/(^|\n\n)\[Demander un devis gratuit\]\(\/contact#devis\)(\n\n|$)/),
    );
    expect(last()).toContain('Intro.');
  });

  it('switches to the Markdown source and back', async () => {
    const { last } = setup('## Titre\n\nTexte.');
    fireEvent.click(await screen.findByRole('button', { name: 'Markdown' }));
    const source = screen.getByLabelText('Contenu (Markdown)') as HTMLTextAreaElement;
    fireEvent.change(source, { target: { value: '## Titre\n\nTexte **revu**.' } });
    expect(last()).toBe('## Titre\n\nTexte **revu**.');
    expect(screen.getByTestId('preview').textContent).toBe(String(last().length));
    fireEvent.click(screen.getByRole('button', { name: 'Markdown' }));
    const textbox = screen.getByRole('textbox', { name: 'Contenu' });
    await waitFor(() => expect(textbox.querySelector('strong')?.textContent).toBe('revu'));
  });

  it('inserts an uploaded image only with its alt text', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ media }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { last } = setup('Texte.');
    const toolbar = await screen.findByRole('toolbar', { name: 'Mise en forme' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insérer une image' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insérer l’image' }));
    expect(within(dialog).getByText('Choisissez une image')).toBeTruthy();
    expect(within(dialog).getByText('Décrivez l’image en quelques mots')).toBeTruthy();

    const input = within(dialog).getByLabelText('Image') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File([new Uint8Array(100)], 'atelier.jpg', { type: 'image/jpeg' })],
      configurable: true,
    });
    fireEvent.change(input);
    await within(dialog).findByAltText('Aperçu : Image');
    fireEvent.change(within(dialog).getByLabelText('Texte alternatif'), {
      target: { value: 'Une équipe en atelier' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insérer l’image' }));
    await waitFor(() => expect(last()).toContain(`![Une équipe en atelier](${media.url})`));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends an image pasted into the text through the same dialog', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ media }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    setup('Texte.');
    const textbox = await screen.findByRole('textbox', { name: 'Contenu' });
    const file = new File([new Uint8Array(100)], 'capture.png', { type: 'image/png' });
    fireEvent.paste(textbox, { clipboardData: { files: [file], getData: () => '', types: ['Files'] } });
    const dialog = await screen.findByRole('dialog', { name: 'Insérer une image' });
    expect(await within(dialog).findByAltText('Aperçu : Image')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/media');
    expect(((init.body as FormData).get('file') as File).name).toBe('capture.png');
  });

  it('adds a link to the selected words, refusing a javascript: address', async () => {
    const { last } = setup('Nos services.');
    const textbox = await screen.findByRole('textbox', { name: 'Contenu' });
    await waitFor(() => expect(textbox.textContent).toBe('Nos services.'));
    fireEvent.focus(textbox);
    fireEvent.keyDown(textbox, { key: 'a', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Lien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un lien' });
    const href = within(dialog).getByLabelText('Adresse du lien');
    fireEvent.change(href, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(
      within(dialog).getByText('Une adresse commençant par https://, mailto:, tel: ou / (une page du site)'),
    ).toBeTruthy();
    fireEvent.change(href, { target: { value: '/services' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(last()).toBe('[Nos services.](/services)'));
  });
});
