import { describe, expect, it } from 'vitest';
import { blockVariables, TemplateBlocksSchema } from '#common/schemas/template-blocks.ts';
import { SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';
import { oneParagraph } from '#tests/helpers/rich-text.ts';
import { composeTemplateMjml, inlineFromHtml, templateBlocksFromMjml } from './template-blocks.ts';
import { compileForStorage, renderCompiled } from './templates.ts';

/** The seed's example of every variable, and true for the flags (moved, byStaff). */
const filled = (seed: (typeof SEED_EMAIL_TEMPLATES)[number]) =>
  Object.fromEntries(seed.variablesJson.map((v) => [v.name, v.example ?? true]));

/** Every optional value empty: a greeting without a first name, a call without a second time. */
const sparse = (seed: (typeof SEED_EMAIL_TEMPLATES)[number]) =>
  Object.fromEntries(
    seed.variablesJson.map((v) => [
      v.name,
      /facultatif|sinon vide|vide tant|seulement|Vrai quand/.test(v.description) ||
      v.name.endsWith('irstName')
        ? ''
        : (v.example ?? ''),
    ]),
  );

describe('seeded templates as blocks', () => {
  it.each(SEED_EMAIL_TEMPLATES.map((seed) => [seed.key, seed] as const))(
    '%s sends the same email from its blocks as from its MJML',
    async (_key, seed) => {
      const converted = templateBlocksFromMjml(seed.mjml);
      expect(converted).not.toBeNull();
      if (!converted) return;
      expect(TemplateBlocksSchema.safeParse(converted).success).toBe(true);
      const before = await compileForStorage(seed.mjml, seed.key);
      const after = await compileForStorage(composeTemplateMjml(converted), seed.key);
      for (const variables of [filled(seed), sparse(seed)]) {
        const sent = renderCompiled(before, seed.subject, variables);
        const composed = renderCompiled(after, seed.subject, variables);
        expect(composed.subject).toBe(sent.subject);
        expect(composed.text).toBe(sent.text);
        // The links of the email, in order, are the same too.
        const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
        expect(links(composed.html)).toEqual(links(sent.html));
      }
      // Every variable of the card is still there for the composer to show as a chip.
      for (const name of blockVariables(converted.blocks.filter((b) => b.type !== 'mjml'))) {
        expect(seed.variablesJson.map((v) => v.name)).toContain(name);
      }
    },
  );

  it('gives the composer editable blocks, not MJML, for the plain lines of every template', () => {
    for (const seed of SEED_EMAIL_TEMPLATES) {
      const blocks = templateBlocksFromMjml(seed.mjml)?.blocks ?? [];
      const editable = blocks.filter((b) => b.type !== 'mjml');
      expect(editable.length, seed.key).toBeGreaterThanOrEqual(Math.ceil(blocks.length / 2));
      // Every button of the seeded style is a button block, not code.
      const buttons = seed.mjml.match(/<mj-button href="[^"]*" padding="[^"]*">/g)?.length ?? 0;
      expect(blocks.filter((b) => b.type === 'button').length, seed.key).toBe(buttons);
    }
    const confirmation = templateBlocksFromMjml(SEED_EMAIL_TEMPLATES[0]?.mjml ?? '');
    expect(confirmation?.blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'button',
      'note',
      'note',
      'note',
      'paragraph',
    ]);
    expect(confirmation?.blocks.find((b) => b.type === 'button')).toMatchObject({
      label: 'Je confirme mon inscription',
      url: { variable: 'confirmUrl' },
    });
  });

  it('reads a greeting as words and a first-name chip, and writes it back', () => {
    const inline = inlineFromHtml('Bonjour{{#firstName}} {{firstName}}{{/firstName}},');
    expect(inline).toEqual([
      { type: 'text', text: 'Bonjour ' },
      { type: 'variable', attrs: { name: 'firstName' } },
      { type: 'text', text: ',' },
    ]);
  });

  it('keeps what the composer cannot express as an MJML block, word for word', () => {
    const seed = SEED_EMAIL_TEMPLATES.find((t) => t.key === 'lead_notification');
    const blocks = templateBlocksFromMjml(seed?.mjml ?? '')?.blocks ?? [];
    const table = blocks.find((b) => b.type === 'mjml' && b.mjml.startsWith('<mj-table>'));
    expect(table).toBeDefined();
    expect(seed?.mjml).toContain(table?.type === 'mjml' ? table.mjml : 'missing');
  });

  it('escapes what the admin typed: braces never become a variable', async () => {
    const seed = SEED_EMAIL_TEMPLATES[0];
    const converted = templateBlocksFromMjml(seed?.mjml ?? '');
    if (!converted) throw new Error('no blocks');
    const mjml = composeTemplateMjml({
      layout: converted.layout,
      blocks: [
        {
          type: 'paragraph',
          text: oneParagraph({ type: 'text', text: '{{confirmUrl}} <b>' }),
        },
      ],
    });
    const rendered = renderCompiled(await compileForStorage(mjml, 'test'), 'Objet', {
      confirmUrl: 'https://exemple.cd/x',
    });
    expect(rendered.text).toContain('{{confirmUrl}} <b>');
    expect(rendered.text).not.toContain('https://exemple.cd/x');
  });

  it('gives no blocks for an MJML written without the seeded card', () => {
    expect(
      templateBlocksFromMjml(
        '<mjml><mj-body><mj-section><mj-column><mj-text>Hi</mj-text></mj-column></mj-section></mj-body></mjml>',
      ),
    ).toBeNull();
  });
});
