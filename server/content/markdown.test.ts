import { describe, expect, it } from 'vitest';
import { readingTimeMinutes, renderMarkdown } from './markdown.ts';

/** What must never survive sanitising, whatever the input. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<(object|embed|form|input|math|base|meta|link)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/style\s*=/i);
  expect(html).not.toMatch(/(java|vb)script\s*:/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"\s*data:/i);
}

describe('renderMarkdown: hostile input', () => {
  const vectors: { name: string; input: string; keeps: string }[] = [
    { name: 'a script tag', input: 'Bonjour <script>alert(1)</script> Kinshasa', keeps: 'Bonjour' },
    {
      name: 'a script tag in upper case',
      input: '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>Texte',
      keeps: 'Texte',
    },
    { name: 'an img with onerror', input: 'Avant <img src=x onerror=alert(1)> après', keeps: 'après' },
    {
      name: 'a javascript: Markdown link',
      input: '[cliquez ici](javascript:alert(1))',
      keeps: 'cliquez ici',
    },
    {
      name: 'a mixed-case javascript: link',
      input: '<a href="JaVaScRiPt:alert(1)">lien piégé</a>',
      keeps: 'lien piégé',
    },
    {
      name: 'a javascript: link padded with spaces',
      input: '<a href="  javascript:alert(1)">espace</a>',
      keeps: 'espace',
    },
    { name: 'an svg with onload', input: '<svg onload=alert(1)>texte svg</svg>', keeps: 'texte svg' },
    { name: 'an svg script', input: '<svg><script>alert(1)</script></svg>reste', keeps: 'reste' },
    {
      name: 'an iframe',
      input: '<iframe src="https://evil.example"></iframe>Suite du texte',
      keeps: 'Suite du texte',
    },
    {
      name: 'a srcdoc iframe',
      input: '<iframe srcdoc="<script>alert(1)</script>"></iframe>fin',
      keeps: 'fin',
    },
    {
      name: 'a data: link',
      input: '[ouvrir](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      keeps: 'ouvrir',
    },
    { name: 'a data: image', input: 'Image ![pixel](data:image/png;base64,AAAA) ici', keeps: 'Image' },
    { name: 'a vbscript: link', input: '[vb](vbscript:msgbox(1))', keeps: 'vb' },
    {
      name: 'a style attribute',
      input: '<p style="position:fixed;inset:0">recouvrement</p>',
      keeps: 'recouvrement',
    },
    { name: 'a style element', input: '<style>body{display:none}</style>visible', keeps: 'visible' },
    {
      name: 'a decimal entity in the scheme',
      input: '<a href="&#106;avascript:alert(1)">entité</a>',
      keeps: 'entité',
    },
    {
      name: 'a hex entity tab in the scheme',
      input: '<a href="jav&#x09;ascript:alert(1)">tabulation</a>',
      keeps: 'tabulation',
    },
    {
      name: 'a named entity colon',
      input: '<a href="javascript&colon;alert(1)">deux-points</a>',
      keeps: 'deux-points',
    },
    {
      name: 'an entity in a Markdown link',
      input: '[entité md](&#106;avascript:alert(1))',
      keeps: 'entité md',
    },
    {
      name: 'an event handler on an allowed tag',
      input: '<p onclick="alert(1)">paragraphe</p>',
      keeps: 'paragraphe',
    },
    {
      name: 'an event handler on a disallowed tag',
      input: '<div onmouseover="alert(1)">bloc</div>',
      keeps: 'bloc',
    },
    {
      name: 'a form with an input',
      input: '<form action="https://evil.example"><input name=x></form>après',
      keeps: 'après',
    },
    {
      name: 'an object element',
      input: '<object data="https://evil.example/x.swf"></object>ok',
      keeps: 'ok',
    },
    { name: 'a protocol-relative link', input: '[ailleurs](//evil.example/x)', keeps: 'ailleurs' },
    {
      name: 'a namespace-confusion payload',
      input: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      keeps: '',
    },
  ];

  for (const { name, input, keeps } of vectors) {
    it(`neutralises ${name}`, () => {
      const html = renderMarkdown(input);
      expectHarmless(html);
      expect(html).toContain(keeps);
    });
  }

  it('drops the href of a refused link but keeps its text without an empty anchor', () => {
    expect(renderMarkdown('[cliquez ici](javascript:alert(1))')).toBe('<p>cliquez ici</p>\n');
  });

  it('drops an image whose source is refused, and an http (mixed-content) image', () => {
    expect(renderMarkdown('![x](data:image/png;base64,AAAA)')).not.toContain('<img');
    expect(renderMarkdown('![x](http://example.com/a.png)')).not.toContain('<img');
  });

  it('keeps escaped HTML as visible text, not markup', () => {
    const html = renderMarkdown('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;script&gt;');
    expectHarmless(html);
  });

  it('escapes HTML inside code blocks instead of running it', () => {
    const html = renderMarkdown('```html\n<script>alert(1)</script>\n```');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<code class="language-html">');
    expectHarmless(html);
  });

  it('replaces a rel or target written in the source', () => {
    expect(renderMarkdown('<a href="https://example.com" target="_self" rel="opener">x</a>')).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
    // A bare target="_blank" on an internal link would open a tab for nothing: removed.
    expect(renderMarkdown('<a href="/contact" target="_blank">x</a>')).toContain('<a href="/contact">x</a>');
  });
});

describe('renderMarkdown: ordinary Markdown', () => {
  it('demotes a level-1 heading to h2 (the page owns the h1) and clamps h5/h6 to h4', () => {
    const html = renderMarkdown('# Titre\n\n## Section\n\n### Sous-section\n\n#### Détail\n\n##### Note');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>Titre</h2>');
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<h3>Sous-section</h3>');
    expect(html).toContain('<h4>Détail</h4>');
    expect(html).toContain('<h4>Note</h4>');
  });

  it('renders paragraphs with emphasis, lists and blockquotes', () => {
    const html = renderMarkdown(
      'Un texte **important** et *nuancé*.\n\n- un\n- deux\n\n1. premier\n2. second\n\n> Une citation.\n\n---',
    );
    expect(html).toContain('<p>Un texte <strong>important</strong> et <em>nuancé</em>.</p>');
    expect(html).toMatch(/<ul>\s*<li>un<\/li>\s*<li>deux<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>premier<\/li>\s*<li>second<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>Une citation.<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<hr />');
  });

  it('turns a call-to-action link into a button that opens the quote or call modal, and nothing else', () => {
    const html = renderMarkdown(
      '[Demander un devis gratuit](/contact#devis)\n\n[Réserver un appel](/contact#appel)',
    );
    expect(html).toContain(
      '<a href="/contact#devis" data-lead="quote" aria-haspopup="dialog" class="cta">Demander un devis gratuit</a>',
    );
    expect(html).toContain('<a href="/contact#appel" data-lead="call" aria-haspopup="dialog" class="cta">');
    // Written in the source, the attributes do not survive.
    const forged = renderMarkdown(
      '<a href="/services" data-lead="call" class="cta" aria-haspopup="dialog">x</a>',
    );
    expect(forged.trim()).toBe('<p><a href="/services">x</a></p>');
  });

  it('opens external links in a new tab safely and leaves internal, mail and phone links alone', () => {
    const html = renderMarkdown(
      '[site](https://business.whatsapp.com) [contact](/contact) [écrire](mailto:contact@example.cd) [appeler](tel:+243810000000)',
    );
    expect(html).toContain(
      '<a href="https://business.whatsapp.com" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(html).toContain('<a href="/contact">contact</a>');
    expect(html).toContain('<a href="mailto:contact@example.cd">écrire</a>');
    expect(html).toContain('<a href="tel:+243810000000">appeler</a>');
  });

  it('writes French no-break spaces in the prose, never in code', () => {
    const html = renderMarkdown(
      'Pourquoi investir ? Trois raisons : « visibilité » et ventes !\n\n```\nconst a = b ? c : d;\n```',
    );
    expect(html).toContain(
      '<p>Pourquoi investir\u00a0? Trois raisons\u00a0: «\u00a0visibilité\u00a0» et ventes\u00a0!</p>',
    );
    expect(html).toContain('const a = b ? c : d;');
  });

  it('renders inline code and fenced code blocks', () => {
    const html = renderMarkdown('Tapez `npm start`.\n\n```\nconst a = 1;\n```');
    expect(html).toContain('<code>npm start</code>');
    expect(html).toMatch(/<pre><code>const a = 1;\n<\/code><\/pre>/);
  });

  it('renders https and relative images lazily with their alt text', () => {
    const html = renderMarkdown(
      '![Logo de la marque](https://example.com/logo.png) ![Équipe](/images/equipe.jpg)',
    );
    expect(html).toContain(
      '<img src="https://example.com/logo.png" alt="Logo de la marque" loading="lazy" />',
    );
    expect(html).toContain('<img src="/images/equipe.jpg" alt="Équipe" loading="lazy" />');
  });

  it('renders GFM tables with alignment but no style', () => {
    const html = renderMarkdown('| Canal | Coût |\n|:--|--:|\n| WhatsApp | 0 $ |');
    expect(html).toContain('<table>');
    expect(html).toContain('<th align="left">Canal</th>');
    expect(html).toContain('<td align="right">0 $</td>');
    expectHarmless(html);
  });
});

describe('readingTimeMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(' ');

  it('counts 200 words a minute, rounded', () => {
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(400))).toBe(2);
    expect(readingTimeMinutes(words(1000))).toBe(5);
    expect(readingTimeMinutes(words(1090))).toBe(5);
  });

  it('is at least one minute, even for an empty text', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('Bonjour.')).toBe(1);
  });

  it('does not count Markdown markers or link URLs as words', () => {
    const markers = '## - > * ** 1. --- | |\n'.repeat(100);
    expect(readingTimeMinutes(`${markers}${words(200)}`)).toBe(1);
    const links = `[lien](https://example.com/${'x/'.repeat(50)}) `.repeat(400);
    expect(readingTimeMinutes(links)).toBe(2);
  });
});
