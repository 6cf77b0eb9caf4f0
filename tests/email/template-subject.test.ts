import { describe, expect, it } from 'vitest';
import {
  docToTemplateSubject,
  subjectNodes,
  subjectReading,
  templateSubjectToDoc,
} from '#app/features/admin/emails/composer/template-subject.ts';
import { SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';

describe('a template subject as text and chips', () => {
  it('reads every seeded subject without a brace left and writes it back as it was', () => {
    let editable = 0;
    for (const template of SEED_EMAIL_TEMPLATES) {
      for (const part of subjectReading(template.subject)) expect(part.text).not.toMatch(/[{}]/);
      const nodes = subjectNodes(template.subject);
      if (!nodes) continue;
      editable += 1;
      for (const node of nodes) if (node.type === 'text') expect(node.text).not.toMatch(/[{}]/);
      expect(docToTemplateSubject(templateSubjectToDoc(template.subject))).toBe(template.subject);
    }
    // All but the call's update, whose subject says one thing when the call moved and another when not.
    expect(editable).toBe(SEED_EMAIL_TEMPLATES.length - 1);
  });

  it('reads a conditional subject aloud and leaves it to the MJML editor', () => {
    const subject = '{{#moved}}Déplacé au {{when}}{{/moved}}{{^moved}}Appel : {{when}}{{/moved}}';
    expect(subjectNodes(subject)).toBeNull();
    expect(subjectReading(subject).map((part) => part.text)).toEqual([
      'si moved\u00a0:',
      'Déplacé au ',
      'when',
      'sinon\u00a0:',
      'Appel : ',
      'when',
    ]);
  });

  it('keeps the words a section writes only with a value on its chip', () => {
    expect(subjectNodes('Nouveau contact : {{fullName}}{{#company}} ({{company}}){{/company}}')).toEqual([
      { type: 'text', text: 'Nouveau contact : ' },
      { type: 'variable', attrs: { name: 'fullName' } },
      { type: 'variable', attrs: { name: 'company', before: ' (', after: ')' } },
    ]);
  });

  it('reads a chip with its words as one', () => {
    expect(subjectReading('Bienvenue{{#firstName}}, {{firstName}}{{/firstName}} !')).toEqual([
      { text: 'Bienvenue', chip: false },
      { text: ', Prénom', chip: true },
      { text: ' !', chip: false },
    ]);
  });

  it('never lets typed braces open a tag', () => {
    const doc = templateSubjectToDoc('Bonjour ');
    const paragraph = (doc.content as unknown as { content: object[] }[])[0];
    paragraph?.content.push({ type: 'text', text: '{{password}}' });
    expect(docToTemplateSubject(doc)).toBe('Bonjour password');
  });
});
