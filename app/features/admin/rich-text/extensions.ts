/**
 * What the rich-text editor can write, and how it reads and writes Markdown (@tiptap/markdown,
 * on marked like the server's renderer): the stored format stays the Markdown that
 * server/content/markdown.ts renders and sanitises, so the public page, the feed and the reading
 * time are unchanged. Only what Markdown can say is offered (no underline, no colours).
 */
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';

/** A link's allowed targets, as the server's sanitiser: web, mail, phone, or a path of the site. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('//')) return false;
  if (value.startsWith('/') || value.startsWith('#')) return true;
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s().-]+)$/i.test(value);
}

export function markdownExtensions({ placeholder }: { placeholder?: string } = {}) {
  return [
    StarterKit.configure({
      // The toolbar offers h2 and h3 (the page's title is its h1); h1 and h4 from older posts are kept
      // as they are, and the public renderer clamps them.
      heading: { levels: [1, 2, 3, 4] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedHref(url),
        // The public renderer decides rel and target; the editor's markup stays plain.
        HTMLAttributes: { rel: null, target: null },
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
    Markdown.configure({ markedOptions: { gfm: true } }),
  ];
}
