import { describe, expect, it } from 'vitest';
import { docToSubject, subjectToDoc } from './first-name';

describe('subjects with the first-name chip', () => {
  it('reads the chip and its fallback out of the stored subject, and writes them back the same', () => {
    const stored = 'Du nouveau, {{#firstName}}{{firstName}}{{/firstName}}{{^firstName}}ami{{/firstName}} !';
    const doc = subjectToDoc(stored);
    expect(doc.content[0]?.content).toEqual([
      { type: 'text', text: 'Du nouveau, ' },
      { type: 'firstName', attrs: { fallback: 'ami' } },
      { type: 'text', text: ' !' },
    ]);
    expect(docToSubject(doc)).toBe(stored);
  });

  it('takes a bare {{firstName}} for a chip without fallback, and keeps other text as typed', () => {
    expect(subjectToDoc('Pour vous, {{firstName}}').content[0]?.content).toEqual([
      { type: 'text', text: 'Pour vous, ' },
      { type: 'firstName', attrs: { fallback: '' } },
    ]);
    expect(docToSubject(subjectToDoc('Pour vous, {{firstName}}'))).toBe(
      'Pour vous, {{#firstName}}{{firstName}}{{/firstName}}',
    );
    expect(subjectToDoc('').content).toEqual([{ type: 'paragraph' }]);
  });

  it('drops braces from fallback words, so no Mustache tag can come from them', () => {
    const subject = docToSubject({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'firstName', attrs: { fallback: '{{x}} toi' } }] }],
    });
    expect(subject).toBe('{{#firstName}}{{firstName}}{{/firstName}}{{^firstName}}x toi{{/firstName}}');
  });
});
