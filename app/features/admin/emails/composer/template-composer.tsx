/**
 * A transactional template's card as blocks (docs/decisions/103-template-composer.md): the campaign
 * composer's cards, with the template's own kinds (the small grey note, a button to a link
 * variable) and chips naming its declared variables. A part the composer cannot express is an
 * MJML block, shown as written and changed only in the MJML editor.
 */
import Code from 'lucide-react/icons/code';
import Heading from 'lucide-react/icons/letter-h';
import Minus from 'lucide-react/icons/minus';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Pilcrow from 'lucide-react/icons/pilcrow';
import Type from 'lucide-react/icons/type';
import type { RichText } from '#common/schemas/campaign-blocks.ts';
import type { TemplateBlock, TemplateText } from '#common/schemas/template-blocks.ts';
import { SelectField, TextField } from '~/components/form-fields';
import { BlockList } from './block-composer';
import { ChipTextEditor, type VariableOption } from './text-editor';

type Kind = TemplateBlock['type'];

const KINDS: Record<Kind, { label: string; Icon: typeof Heading }> = {
  heading: { label: 'Titre', Icon: Heading },
  paragraph: { label: 'Texte', Icon: Pilcrow },
  note: { label: 'Petit texte', Icon: Type },
  button: { label: 'Bouton', Icon: MousePointerClick },
  divider: { label: 'Séparateur', Icon: Minus },
  mjml: { label: 'Bloc MJML (modifiable en mode expert)', Icon: Code },
};

const ADDABLE: Exclude<Kind, 'mjml'>[] = ['heading', 'paragraph', 'note', 'button', 'divider'];

function newTemplateBlock(type: Exclude<Kind, 'mjml'>): TemplateBlock {
  const id = crypto.randomUUID();
  const text: TemplateText = { type: 'doc', content: [{ type: 'paragraph' }] };
  if (type === 'button') return { id, type, label: 'En savoir plus', url: { href: '/' } };
  if (type === 'divider') return { id, type };
  return { id, type, text };
}

/** Tiptap writes every attribute: a chip's unset `link` is left out, as the schema reads it. */
function cleanText(doc: RichText): TemplateText {
  const text = doc as unknown as TemplateText;
  return {
    ...text,
    content: text.content.map((paragraph) => ({
      ...paragraph,
      ...(paragraph.content
        ? {
            content: paragraph.content.map((node) =>
              node.type === 'variable'
                ? {
                    type: 'variable',
                    attrs: { name: node.attrs.name, ...(node.attrs.link ? { link: true } : {}) },
                  }
                : node,
            ),
          }
        : {}),
    })),
  };
}

export function TemplateComposer({
  blocks,
  variables,
  onChange,
  errorOf,
}: {
  blocks: TemplateBlock[];
  variables: readonly VariableOption[];
  onChange: (blocks: TemplateBlock[]) => void;
  errorOf: (index: number, field: string) => string | undefined;
}) {
  return (
    <BlockList
      blocks={blocks}
      onChange={onChange}
      kindOf={(type) => KINDS[type]}
      addable={ADDABLE}
      create={newTemplateBlock}
      fields={(block, index, change) => (
        <TemplateBlockFields
          block={block}
          variables={variables}
          onChange={change}
          error={(field) => errorOf(index, field)}
        />
      )}
    />
  );
}

const TEXT_FIELDS = {
  heading: { variant: 'line', emphasis: true, label: 'Titre' },
  paragraph: { variant: 'paragraph', label: 'Texte' },
  note: { variant: 'paragraph', label: 'Petit texte (en gris, plus petit)' },
} as const;

/** "Adresse" for a typed address; else the link variable the button opens. */
const TYPED_ADDRESS = '';

function TemplateBlockFields({
  block,
  variables,
  onChange,
  error,
}: {
  block: TemplateBlock;
  variables: readonly VariableOption[];
  onChange: (block: TemplateBlock) => void;
  error: (field: string) => string | undefined;
}) {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
    case 'note':
      return (
        <ChipTextEditor
          {...TEXT_FIELDS[block.type]}
          variables={variables}
          value={block.text as unknown as RichText}
          onChange={(doc) => onChange({ ...block, text: cleanText(doc) })}
          error={error('text')}
        />
      );
    case 'button': {
      const linkVariable = 'variable' in block.url ? block.url.variable : TYPED_ADDRESS;
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Texte du bouton"
            maxLength={60}
            value={block.label}
            onChange={(event) => onChange({ ...block, label: event.target.value })}
            error={error('label')}
          />
          <SelectField
            label="Le bouton ouvre"
            placeholder={null}
            options={[
              { value: TYPED_ADDRESS, label: 'Une adresse à indiquer' },
              ...variables
                .filter((v) => /Url$/.test(v.name))
                .map((v) => ({
                  value: v.name,
                  label: v.description ? `${v.name} : ${v.description}` : v.name,
                })),
            ]}
            value={linkVariable}
            onChange={(event) =>
              onChange({
                ...block,
                url: event.target.value ? { variable: event.target.value } : { href: '/' },
              })
            }
          />
          {'href' in block.url ? (
            <TextField
              label="Adresse du lien"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://… ou /contact"
              value={block.url.href}
              onChange={(event) => onChange({ ...block, url: { href: event.target.value } })}
              error={error('url')}
            />
          ) : null}
        </div>
      );
    }
    case 'divider':
      return <p className="text-sm text-gray-600">Une ligne fine sépare ce qui précède de ce qui suit.</p>;
    case 'mjml':
      return (
        <>
          <p className="text-sm text-gray-600">
            Une partie que le composeur ne sait pas écrire (tableau, texte conditionnel, HTML) : elle est
            gardée telle quelle. Passez en mode expert pour la modifier.
          </p>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">Voir le MJML</summary>
            <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-gray-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-gray-800">
              {block.mjml}
            </pre>
          </details>
        </>
      );
  }
}
