import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARTER_BLOCKS } from '#common/schemas/campaign-blocks.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { emailTemplates } from '#db/schema.ts';
import { SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';
import { storedRow } from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { composeCampaignMjml } from '../campaigns/compose.ts';
import {
  compileForStorage,
  compileMjml,
  compileTemplates,
  emailText,
  mjmlHash,
  renderCompiled,
  renderTemplate,
  sanitizeSubject,
  textSkeleton,
} from './templates.ts';

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
});
afterEach(async () => {
  await database.close();
});

const storedTemplate = (key: string) =>
  storedRow(database.db, emailTemplates, eq(emailTemplates.key, key), `template ${key}`);

/** Writes straight to the stored newsletter_welcome template, as an edit or a stale copy would. */
const changeWelcome = (values: Partial<typeof emailTemplates.$inferInsert>) =>
  database.db.update(emailTemplates).set(values).where(eq(emailTemplates.key, 'newsletter_welcome'));

/** The example values the seed documents for each variable. */
const exampleVariables = (key: string) =>
  Object.fromEntries(
    (SEED_EMAIL_TEMPLATES.find((t) => t.key === key)?.variablesJson ?? []).map((v) => [v.name, v.example]),
  );

const MUSTACHE_TAG = /\{\{\{?[#^/]?\s*[\w.]+\s*\}?\}\}/g;

describe('compileTemplates', () => {
  it('compiles every seeded template without MJML errors, once', async () => {
    expect(await compileTemplates(database.db)).toBe(SEED_EMAIL_TEMPLATES.length);
    for (const seed of SEED_EMAIL_TEMPLATES) {
      const row = await storedTemplate(seed.key);
      expect(row.compiledHtml.startsWith(`<!-- mjml:${mjmlHash(seed.mjml)} -->\n<!doctype html>`)).toBe(true);
      // No Mustache tag lost or rewritten by MJML (attributes, CSS inlining, head elements).
      const sourceTags = new Set(seed.mjml.match(MUSTACHE_TAG));
      const compiledTags = new Set(row.compiledHtml.match(MUSTACHE_TAG));
      expect(compiledTags).toEqual(sourceTags);
    }
    // Up to date: nothing to do on the next start.
    expect(await compileTemplates(database.db)).toBe(0);
  });

  it('recompiles a template whose MJML changed since its compilation', async () => {
    await compileTemplates(database.db);
    const before = await storedTemplate('newsletter_welcome');
    const mjml = before.mjml.replace('Bienvenue parmi nous !', 'Bienvenue, {{firstName}} !');
    await changeWelcome({ mjml });

    expect(await compileTemplates(database.db)).toBe(1);
    const after = await storedTemplate('newsletter_welcome');
    expect(after.compiledHtml).toContain(`<!-- mjml:${mjmlHash(mjml)} -->`);
    expect(after.compiledHtml).toContain('Bienvenue, {{firstName}} !');
  });

  it('throws with every MJML error listed, and still compiles the valid templates', async () => {
    await database.db.insert(emailTemplates).values({
      key: 'broken',
      name: 'Cassé',
      mjml: '<mjml><mj-body><mj-section><mj-column><mj-text padding="banana">x</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
    await expect(compileTemplates(database.db)).rejects.toThrow(/"broken" has MJML errors:\n.*padding/);
    expect((await storedTemplate('broken')).compiledHtml).toBe('');
    expect((await storedTemplate('lead_notification')).compiledHtml).not.toBe('');
  });
});

describe('compileMjml', () => {
  it('reports a Mustache tag that MJML dropped instead of losing it silently', async () => {
    const { errors } = await compileMjml(
      '<mjml><mj-body><mj-section><mj-column>{{#items}}<mj-text>{{name}}</mj-text>{{/items}}</mj-column></mj-section></mj-body></mjml>',
    );
    expect(errors).toContain('the Mustache tag {{#items}} was lost by the MJML compilation');
  });

  it('keeps tags in attributes and URLs as written', async () => {
    const { html, errors } = await compileMjml(
      '<mjml><mj-body><mj-section><mj-column><mj-button href="{{url}}?a=1&amp;b={{b}}">Go</mj-button><mj-image src="{{{imageUrl}}}" alt="{{alt}}" /></mj-column></mj-section></mj-body></mjml>',
    );
    expect(errors).toEqual([]);
    expect(html).toContain('href="{{url}}?a=1&amp;b={{b}}"');
    expect(html).toContain('src="{{{imageUrl}}}"');
    expect(html).toContain('alt="{{alt}}"');
  });
});

describe('renderTemplate', () => {
  it('renders every seeded template with its documented examples', async () => {
    for (const seed of SEED_EMAIL_TEMPLATES) {
      const email = await renderTemplate(database.db, seed.key, exampleVariables(seed.key));
      expect(email.subject).not.toMatch(/\{\{|\}\}/);
      expect(email.html).not.toMatch(/\{\{|\}\}/);
      expect(email.html.startsWith('<!doctype html>')).toBe(true);
      expect(email.text.length).toBeGreaterThan(100);
    }
  });

  it('writes every email in French: the page and the article wrapper both say lang="fr"', async () => {
    const campaignHtml = await compileForStorage(
      await composeCampaignMjml(database.db, STARTER_BLOCKS),
      'A composed campaign',
    );
    const emails = [
      ...(await Promise.all(
        SEED_EMAIL_TEMPLATES.map(async (seed) => ({
          name: seed.key,
          html: (await renderTemplate(database.db, seed.key, exampleVariables(seed.key))).html,
        })),
      )),
      { name: 'campaign', html: renderCompiled(campaignHtml, '', { firstName: 'Grâce' }).html },
    ];
    for (const { name, html } of emails) {
      expect(html, name).not.toContain('lang="und"');
      expect(html, name).toMatch(/<html lang="fr"/);
      expect(html, name).toMatch(/<div\s[^>]*role="article"[^>]*lang="fr"/);
    }
  });

  it('keeps the language a template declares on its <mjml> root', async () => {
    const { html } = await compileMjml(
      '<mjml lang="en"><mj-body><mj-section><mj-column><mj-text>Hello</mj-text></mj-column></mj-section></mj-body></mjml>',
    );
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toMatch(/<div\s[^>]*role="article"[^>]*lang="en"/);
  });

  it('makes the text part the plain-text form of the very HTML sent, for every template, variables set or empty', async () => {
    for (const seed of SEED_EMAIL_TEMPLATES) {
      const examples = exampleVariables(seed.key);
      const empty = Object.fromEntries(Object.keys(examples).map((name) => [name, '']));
      for (const variables of [examples, empty]) {
        const email = await renderTemplate(database.db, seed.key, variables);
        expect(email.text, seed.key).toBe(emailText(email.html));
      }
    }
    const contentHtml =
      '<pre>  deux espaces\n   et trois</pre><p style="color:red">Fin <a href="https://exemple.cd" class="x">ici</a></p>';
    const email = await renderTemplate(database.db, 'monthly_newsletter', {
      ...exampleVariables('monthly_newsletter'),
      contentHtml,
    });
    expect(email.text).toBe(emailText(email.html));
    expect(email.text).toContain('  deux espaces\n   et trois');
  });

  it('reduces a template for its text part without touching its text, links or Mustache tags', () => {
    const template =
      '<!doctype html><html><head><style>p{color:red}</style></head><body>\n  <div style="display:none;opacity:0">Aperçu</div>' +
      '<!--[if mso]><table><![endif]-->\n <table role="presentation" width="600" class="a"><tr><td style="padding:0">' +
      '<a href="{{url}}" style="color:#000" target="_blank">Lien</a> <p {{#wide}}class="w"{{/wide}}>x="y" reste</p></td></tr></table></body></html>';
    const skeleton = textSkeleton(template);
    expect(skeleton).not.toContain('<style>');
    expect(skeleton).not.toContain('[if mso]');
    expect(skeleton).not.toMatch(/width=|class="a"|padding|target=|color:#000/);
    expect(skeleton).toContain('<div style="display:none;opacity:0">Aperçu</div>');
    expect(skeleton).toContain('<table role="presentation">');
    expect(skeleton).toContain('<a href="{{url}}">Lien</a>');
    // A Mustache section inside a tag stays whole; text that looks like an attribute is text.
    expect(skeleton).toContain('<p {{#wide}}class="w"{{/wide}}>x="y" reste</p>');
    // Whitespace between tags shrinks, except in a template holding <pre>.
    expect(skeleton).not.toMatch(/>\s{2,}</);
    expect(textSkeleton('<div>a</div>\n  <pre> b\n  c</pre>')).toBe('<div>a</div>\n  <pre> b\n  c</pre>');
  });

  it('escapes {{x}} in the HTML and shows it as typed in the text part', async () => {
    const name = '<script>alert(1)</script>';
    const email = await renderTemplate(database.db, 'newsletter_welcome', {
      ...exampleVariables('newsletter_welcome'),
      firstName: name,
    });
    expect(email.html).not.toContain(name);
    expect(email.html).toContain('Bonjour &lt;script&gt;alert(1)&lt;&#x2F;script&gt;,');
    expect(email.text).toContain(`Bonjour ${name},`);
  });

  it('inserts {{{contentHtml}}} raw', async () => {
    const contentHtml = '<h2>Le mois en bref</h2><p>Un <strong>paragraphe</strong> riche.</p>';
    const email = await renderTemplate(database.db, 'monthly_newsletter', {
      ...exampleVariables('monthly_newsletter'),
      contentHtml,
    });
    expect(email.html).toContain(contentHtml);
    expect(email.text).toMatch(/LE MOIS EN BREF/i);
    expect(email.text).toContain('Un paragraphe riche.');
  });

  it('builds the text part with links as "text [url]", without images or the hidden preheader', async () => {
    const email = await renderTemplate(database.db, 'monthly_newsletter', {
      ...exampleVariables('monthly_newsletter'),
      contentHtml:
        '<p>Voir <a href="https://exemple.cd/guide">le guide</a>.</p><img src="https://exemple.cd/photo.png" alt="Photo">',
    });
    expect(email.text).toContain('le guide [https://exemple.cd/guide]');
    expect(email.text).toContain('Planifier un appel [https://lisanga-digital.cd/contact]');
    expect(email.text).not.toContain('photo.png');
    expect(email.text).not.toContain('Photo');
    expect(email.text).not.toContain('Nos conseils, analyses et nouveautés du mois');
  });

  it('renders the subject unescaped and without CR, LF or control characters', async () => {
    const email = await renderTemplate(database.db, 'lead_notification', {
      ...exampleVariables('lead_notification'),
      fullName: 'Jean\r\nBcc: victime@exemple.cd\u0000',
      company: 'Kasongo & Fils <SARL>',
    });
    expect(email.subject).toBe('Nouveau contact : Jean Bcc: victime@exemple.cd (Kasongo & Fils <SARL>)');
    expect(email.subject).not.toMatch(/[\r\n]/);
    // The body, unlike the subject, is HTML: there the same value is escaped.
    expect(email.html).toContain('Kasongo &amp; Fils &lt;SARL&gt;');
  });

  it('uses the stored compilation while it matches the MJML, and recompiles when it does not', async () => {
    await compileTemplates(database.db);
    const stored = await storedTemplate('newsletter_welcome');
    // Tamper with the stored HTML but keep its hash: a render that recompiled would undo this.
    const tampered = stored.compiledHtml.replace('Bienvenue parmi nous !', 'Servi depuis le cache');
    await changeWelcome({ compiledHtml: tampered });
    for (let i = 0; i < 2; i += 1) {
      const email = await renderTemplate(database.db, 'newsletter_welcome', {});
      expect(email.html).toContain('Servi depuis le cache');
    }
    expect((await storedTemplate('newsletter_welcome')).compiledHtml).toBe(tampered);

    // The admin edits the MJML: the stale compilation is replaced on the fly and saved.
    const mjml = stored.mjml.replace('Bienvenue parmi nous !', 'Nouvelle version');
    await changeWelcome({ mjml });
    const email = await renderTemplate(database.db, 'newsletter_welcome', {});
    expect(email.html).toContain('Nouvelle version');
    expect((await storedTemplate('newsletter_welcome')).compiledHtml).toContain(
      `<!-- mjml:${mjmlHash(mjml)} -->`,
    );
  });

  it('compiles on the fly a template that was never compiled, and saves it', async () => {
    expect((await storedTemplate('content_announcement')).compiledHtml).toBe('');
    const email = await renderTemplate(
      database.db,
      'content_announcement',
      exampleVariables('content_announcement'),
    );
    expect(email.html).toContain('WhatsApp Business : le guide pratique');
    expect((await storedTemplate('content_announcement')).compiledHtml).toMatch(
      /^<!-- mjml:[0-9a-f]{16} -->/,
    );
  });

  it('works inside a transaction', async () => {
    const subject = await database.db.transaction(async (tx) => {
      const email = await renderTemplate(tx, 'newsletter_welcome', { firstName: 'Grâce' });
      return email.subject;
    });
    expect(subject).toBe('Bienvenue chez Lisanga Digital, Grâce !');
  });

  it('refuses an unknown template key clearly', async () => {
    await expect(renderTemplate(database.db, 'nope', {})).rejects.toThrow('Unknown email template "nope"');
  });
});

describe('sanitizeSubject', () => {
  it('turns line breaks and control characters into single spaces', () => {
    expect(sanitizeSubject('  Un\r\n\tdeux\u2028trois\u007f  quatre ')).toBe('Un deux trois quatre');
  });
});
