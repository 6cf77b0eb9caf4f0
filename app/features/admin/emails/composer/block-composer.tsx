/**
 * The campaign's email as a list of blocks (docs/decisions/073-campaign-composer.md): each block
 * is a card with its own fields, moved up or down or removed from its header; "Ajouter un bloc"
 * appends one. The server writes the MJML; nothing here is code.
 */
import { useQuery } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ImageIcon from 'lucide-react/icons/image';
import LayoutList from 'lucide-react/icons/layout-list';
import Heading from 'lucide-react/icons/letter-h';
import Minus from 'lucide-react/icons/minus';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Newspaper from 'lucide-react/icons/newspaper';
import Pilcrow from 'lucide-react/icons/pilcrow';
import Trash2 from 'lucide-react/icons/trash';
import type { ChangeEvent, ReactNode } from 'react';
import {
  BLOCK_LABELS,
  type CampaignBlock,
  type CampaignBlockType,
  LATEST_POSTS_MAX,
  richText,
} from '#common/schemas/campaign-blocks.ts';
import { SelectField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { IconButton } from '../../kit/icon-button';
import { ImageUpload } from '../../kit/image-upload';
import { caseStudiesQuery } from '../../portfolio/data';
import { ChipTextEditor } from './text-editor';

const BLOCK_ICONS: Record<CampaignBlockType, typeof Heading> = {
  heading: Heading,
  paragraph: Pilcrow,
  image: ImageIcon,
  button: MousePointerClick,
  divider: Minus,
  latestPosts: Newspaper,
  caseStudy: LayoutList,
};

const newId = () => crypto.randomUUID();

/** A fresh block of each type, as "Ajouter un bloc" appends it. */
export function newBlock(type: CampaignBlockType): CampaignBlock {
  const id = newId();
  switch (type) {
    case 'heading':
    case 'paragraph':
      return { id, type, text: richText([]) };
    case 'image':
      return { id, type, src: '', alt: '', href: '' };
    case 'button':
      return { id, type, label: 'Demander un devis gratuit', url: '/contact#devis' };
    case 'divider':
      return { id, type };
    case 'latestPosts':
      return { id, type, count: 3 };
    case 'caseStudy':
      return { id, type, caseStudyId: '' };
  }
}

/** The buttons that move a block up or down in the email. */
const MOVES = [
  { by: -1, verb: 'Monter', Icon: ArrowUp },
  { by: 1, verb: 'Descendre', Icon: ArrowDown },
] as const;

/** The message of a block's field, from the form's errors (`blocks.2.label`). */
export type BlockErrorOf = (index: number, field: string) => string | undefined;

export function BlockComposer({
  blocks,
  onChange,
  errorOf,
}: {
  blocks: CampaignBlock[];
  onChange: (blocks: CampaignBlock[]) => void;
  errorOf: BlockErrorOf;
}) {
  return (
    <BlockList
      blocks={blocks}
      onChange={onChange}
      kindOf={(type) => ({ label: BLOCK_LABELS[type], Icon: BLOCK_ICONS[type] })}
      addable={Object.keys(BLOCK_LABELS) as CampaignBlockType[]}
      create={newBlock}
      empty={
        <p className="rounded-lg border border-dashed border-gray-300 p-4 text-center text-sm text-gray-600">
          L’email est vide : ajoutez un premier bloc ci-dessous.
        </p>
      }
      fields={(block, index, change) => (
        <BlockFields block={block} onChange={change} error={(field) => errorOf(index, field)} />
      )}
    />
  );
}

type BlockKind = { label: string; Icon: typeof Heading };

/**
 * A list of blocks, each a card moved up or down or removed from its header and edited by
 * `fields`, and "Ajouter un bloc" below: the campaign's composer and the templates' share it.
 */
export function BlockList<Block extends { id?: string; type: string }, Added extends Block['type']>({
  blocks,
  onChange,
  kindOf,
  addable,
  create,
  fields,
  empty = null,
}: {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  kindOf: (type: Block['type']) => BlockKind;
  addable: readonly Added[];
  create: (type: Added) => Block;
  fields: (block: Block, index: number, change: (next: Block) => void) => ReactNode;
  empty?: ReactNode;
}) {
  const replace = (index: number, block: Block) =>
    onChange(blocks.map((current, i) => (i === index ? block : current)));
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {blocks.length === 0 ? (
        empty
      ) : (
        <ol className="flex flex-col gap-3">
          {blocks.map((block, index) => (
            <li key={block.id ?? index}>
              <BlockCard
                index={index}
                count={blocks.length}
                {...kindOf(block.type)}
                onMove={(by) => onChange(moved(blocks, index, by))}
                onRemove={() => onChange(blocks.filter((_, i) => i !== index))}
              >
                {fields(block, index, (next) => replace(index, next))}
              </BlockCard>
            </li>
          ))}
        </ol>
      )}
      <AddBlock
        kinds={addable.map((type) => ({ type, ...kindOf(type) }))}
        onAdd={(type) => onChange([...blocks, create(type)])}
      />
    </div>
  );
}

/** "Ajouter un bloc": one button per kind of block, each adding it at the end. */
function AddBlock<Type extends string>({
  kinds,
  onAdd,
}: {
  kinds: readonly ({ type: Type } & BlockKind)[];
  onAdd: (type: Type) => void;
}) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-dashed border-gray-300 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">Ajouter un bloc</legend>
      <div className="flex flex-wrap gap-2">
        {kinds.map(({ type, label, Icon }) => (
          <Button key={type} type="button" variant="secondary" size="sm" onClick={() => onAdd(type)}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** A block of the email: its number and kind, moved up or down or removed from its header. */
function BlockCard({
  index,
  count,
  label,
  Icon,
  onMove,
  onRemove,
  children,
}: {
  index: number;
  count: number;
  label: string;
  Icon: typeof Heading;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={`Bloc ${index + 1} : ${label}`}
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <header className="flex items-center gap-1 border-b border-gray-100 py-1 pr-1 pl-3">
        <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-900">
          <span className="text-gray-500">{index + 1}.</span> {label}
        </h2>
        {MOVES.map(({ by, verb, Icon: MoveIcon }) => (
          <IconButton
            key={verb}
            label={`${verb} le bloc ${index + 1}`}
            tooltip={verb}
            disabled={by < 0 ? index === 0 : index === count - 1}
            onClick={() => onMove(by)}
            className="size-9"
          >
            <MoveIcon className="size-4" aria-hidden="true" />
          </IconButton>
        ))}
        <IconButton
          label={`Supprimer le bloc ${index + 1}`}
          tooltip="Supprimer"
          onClick={onRemove}
          className="size-9 text-red-700 hover:bg-red-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </IconButton>
      </header>
      <div className="flex flex-col gap-3 p-3">{children}</div>
    </section>
  );
}

/** Moves the block at `index` by one place in `blocks`. */
function moved<T>(blocks: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...blocks];
  const [block] = next.splice(index, 1);
  if (block) next.splice(index + by, 0, block);
  return next;
}

/** The editor of a text block: a heading is one line, in bold. */
const TEXT_BLOCKS = {
  heading: { variant: 'line', emphasis: true, label: 'Titre', placeholder: 'Le titre de cette partie' },
  paragraph: { variant: 'paragraph', label: 'Texte', placeholder: 'Écrivez votre message…' },
} as const;

/** A field typed with a link: an address (https://… or a page of the site), as it is written. */
const LINK_INPUT = { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } as const;

function BlockFields({
  block,
  onChange,
  error,
}: {
  block: CampaignBlock;
  onChange: (block: CampaignBlock) => void;
  error: (field: string) => string | undefined;
}) {
  /** The block's rich text `key` in a ChipTextEditor: its value, its change and its error. */
  const richText = <B extends CampaignBlock, K extends keyof B & string>(current: B, key: K) => ({
    value: current[key],
    onChange: (value: B[K]) => onChange({ ...current, [key]: value }),
    error: error(key),
  });
  /** The block's text `key` in a TextField: its value, its change and its error. */
  const text = <B extends CampaignBlock>(current: B, key: keyof B & string) => ({
    value: current[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...current, [key]: event.target.value }),
    error: error(key),
  });
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return <ChipTextEditor {...TEXT_BLOCKS[block.type]} {...richText(block, 'text')} />;
    case 'image':
      return (
        <>
          <ImageUpload
            label="Image"
            value={block.src || null}
            onChange={(src) => onChange({ ...block, src: src ?? '' })}
            error={error('src')}
          />
          <TextField
            label="Texte alternatif (ce que montre l’image)"
            maxLength={200}
            {...text(block, 'alt')}
          />
          <TextField
            label="Lien au clic"
            optional
            {...LINK_INPUT}
            placeholder="https://… ou /services"
            {...text(block, 'href')}
          />
        </>
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Texte du bouton" maxLength={60} {...text(block, 'label')} />
          <TextField
            label="Adresse du lien"
            {...LINK_INPUT}
            placeholder="https://… ou /contact"
            {...text(block, 'url')}
          />
        </div>
      );
    case 'divider':
      return <p className="text-sm text-gray-600">Une ligne fine sépare ce qui précède de ce qui suit.</p>;
    case 'latestPosts':
      return (
        <>
          <SelectField
            label="Nombre d’articles"
            placeholder={null}
            options={Array.from({ length: LATEST_POSTS_MAX }, (_, i) => String(i + 1))}
            value={String(block.count)}
            onChange={(event) => onChange({ ...block, count: Number(event.target.value) })}
            error={error('count')}
            className="sm:max-w-48"
          />
          <p className="text-sm text-gray-600">
            Les articles les plus récents du blog (titre, résumé et lien), tels qu’ils sont à l’enregistrement
            de la campagne.
          </p>
        </>
      );
    case 'caseStudy':
      return <CaseStudyField block={block} onChange={onChange} error={error('caseStudyId')} />;
  }
}

function CaseStudyField({
  block,
  onChange,
  error,
}: {
  block: Extract<CampaignBlock, { type: 'caseStudy' }>;
  onChange: (block: CampaignBlock) => void;
  error: string | undefined;
}) {
  const studies = useQuery(caseStudiesQuery({ status: 'published', pageSize: 100 }));
  const options = (studies.data?.items ?? []).map((study) => ({
    value: study.id,
    label: `${study.title} (${study.clientName})`,
  }));
  return (
    <>
      <SelectField
        label="Étude de cas"
        placeholder={studies.isPending ? 'Chargement…' : 'Choisissez une étude de cas…'}
        options={options}
        value={block.caseStudyId}
        onChange={(event) => onChange({ ...block, caseStudyId: event.target.value })}
        error={error ?? (studies.isError ? 'Liste des études de cas indisponible' : undefined)}
      />
      {studies.isSuccess && options.length === 0 ? (
        <p className="text-sm text-gray-600">Aucune étude de cas n’est publiée pour le moment.</p>
      ) : (
        <p className="text-sm text-gray-600">
          Son image, son client, le début de sa description et un bouton vers le portfolio.
        </p>
      )}
    </>
  );
}
