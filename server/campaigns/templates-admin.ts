/**
 * Email templates for the back-office (decision 019; contract in common/schemas/campaigns.ts):
 * list, read, create, update, delete, and the live preview of the editor. MJML's messages are
 * English and name lines of the source: they are turned into French `MjmlProblem`s here, the line
 * kept apart so the editor can show it. A template is stored only when its MJML compiles without
 * any problem (the compiled HTML, hash-marked like server/email/templates.ts does, is stored with
 * it), so an email is never sent from a template the admin saw fail.
 */
import { asc, count, eq } from 'drizzle-orm';
import Mustache from 'mustache';
import type { z } from 'zod';
import type {
  EmailTemplateDetail,
  EmailTemplateSummary,
  MjmlProblem,
  TemplateCompileResult,
  TemplateCreateSchema,
  TemplateToBlocksResult,
  TemplateUpdateSchema,
  TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';
import { blockVariables, type TemplateBlocks } from '#common/schemas/template-blocks.ts';
import { capitalized } from '#common/typography.ts';
import { type Database, hasPgCode, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { hasRow, insertRow } from '#db/rows.ts';
import { type EmailTemplate, emailCampaigns, emailTemplates } from '#db/schema.ts';
import { SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';
import { logActivity } from '../activity/log.ts';
import { composeTemplateMjml, templateBlocksFromMjml } from '../email/template-blocks.ts';
import { compileMjml, mjmlHash } from '../email/templates.ts';
import { HttpError } from '../errors.ts';

export type TemplateUpdate = z.output<typeof TemplateUpdateSchema>;
export type TemplateCreate = z.output<typeof TemplateCreateSchema>;

/** The seeded templates: the site's own emails (confirmation, welcome...) need them, so they stay. */
const BUILT_IN_KEYS = new Set(SEED_EMAIL_TEMPLATES.map((t) => t.key));

export const isBuiltInTemplate = (key: string) => BUILT_IN_KEYS.has(key);

export function presentTemplateSummary(row: EmailTemplate): EmailTemplateSummary {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    subject: row.subject,
    builtIn: isBuiltInTemplate(row.key),
    variables: row.variablesJson.map((v) => ({
      name: v.name,
      description: v.description,
      ...(v.example === undefined ? {} : { example: v.example }),
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored compilation starts with the hash marker, which the admin has no use for. */
const stripMarker = (compiledHtml: string) => compiledHtml.replace(/^<!-- mjml:[0-9a-f]{16} -->\n/, '');

export function presentTemplateDetail(row: EmailTemplate): EmailTemplateDetail {
  return {
    ...presentTemplateSummary(row),
    mjml: row.mjml,
    compiledHtml: stripMarker(row.compiledHtml),
    blocks: row.blocksJson ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// MJML problems in French

type Translation = [RegExp, (...groups: string[]) => string];

/**
 * MJML's common validation messages (mjml-validator's rules) and server/email/templates.ts's own.
 * Anything else keeps MJML's words behind a French sentence: better untranslated than hidden.
 */
const TRANSLATIONS: Translation[] = [
  [
    /^(\S+) cannot be used inside (\S+), only inside: (.*)$/,
    (tag, parent, allowed) =>
      `la balise ${tag} n’est pas autorisée dans ${parent} (elle doit être placée dans : ${allowed})`,
  ],
  [/^Attribute (\S+) is illegal$/, (attr) => `l’attribut ${attr} n’est pas autorisé sur cette balise`],
  [/^Element (\S+) doesn't exist or is not registered$/, (tag) => `la balise ${tag} n’existe pas dans MJML`],
  [
    /^Attribute (\S+) has invalid value: (.*) for type Unit, only accepts \((.*)\) units and (.*) value\(s\)$/,
    (attr, value, units, howMany) =>
      `la valeur « ${value} » de l’attribut ${attr} est invalide (unités acceptées : ${units}, ${howMany.replace(' to ', ' à ')} valeur(s))`,
  ],
  [
    /^Attribute (\S+) has invalid value: (.*) for type Color.*$/,
    (attr, value) => `la valeur « ${value} » de l’attribut ${attr} n’est pas une couleur valide`,
  ],
  [
    /^Attribute (\S+) has invalid value: (.*) for type Enum, only accepts (.*)$/,
    (attr, value, accepted) =>
      `la valeur « ${value} » de l’attribut ${attr} est invalide (valeurs acceptées : ${accepted})`,
  ],
  [
    /^Attribute (\S+) has invalid value: (.*) for type (.*)$/,
    (attr, value, type) => `la valeur « ${value} » de l’attribut ${attr} est invalide (type ${type})`,
  ],
  [
    /^(\S+) should have at most (\d+) children?.*$/,
    (tag, n) => `la balise ${tag} ne peut pas contenir plus de ${n} élément(s)`,
  ],
  [
    /^the Mustache tag (.*) was lost by the MJML compilation$/,
    (tag) =>
      `la variable ${tag} a disparu à la compilation : elle est sans doute dans un attribut inconnu de MJML`,
  ],
  [
    /^Mustache: Unclosed section "(.*)".*$/,
    (name) => `la section {{#${name}}} n’est pas fermée par {{/${name}}}`,
  ],
  [
    /^Mustache: Unopened section "(.*)".*$/,
    (name) => `{{/${name}}} ferme une section qui n’a pas été ouverte par {{#${name}}}`,
  ],
  [/^Mustache: Unclosed tag.*$/, () => 'une variable n’est pas fermée : il manque « }} »'],
  [/^Mustache: (.*)$/, (message) => `erreur de variable Mustache : ${message}`],
];

/** One message of compileMjml ("line 12: ...") as a French problem with its line. */
export function translateMjmlError(raw: string): MjmlProblem {
  const lineMatch = /^line (\d+): ([\s\S]*)$/.exec(raw);
  const line = lineMatch ? Number(lineMatch[1]) : null;
  const message = (lineMatch ? lineMatch[2] : raw)?.trim() ?? '';
  for (const [pattern, translate] of TRANSLATIONS) {
    const match = pattern.exec(message);
    if (match) {
      const sentence = translate(...match.slice(1));
      return { line, message: `${line === null ? '' : `Ligne ${line} : `}${capitalized(sentence)}.` };
    }
  }
  const prefix = line === null ? 'Erreur MJML' : `Ligne ${line} : erreur MJML`;
  return { line, message: `${prefix} (message d’origine) : ${message}` };
}

/** The MJML source compiled to HTML (Mustache tags still in it), or its problems in French. */
export async function compileTemplateSource(
  mjml: string,
): Promise<{ html: string; problems: MjmlProblem[] }> {
  if (mjml.trim() === '') {
    return { html: '', problems: [{ line: null, message: 'Le modèle est vide.' }] };
  }
  try {
    const { html, errors } = await compileMjml(mjml);
    return { html, problems: errors.map(translateMjmlError) };
  } catch (error) {
    // mjml throws on a source it cannot even parse (no <mjml> root, text instead of tags).
    const detail = error instanceof Error ? error.message : String(error);
    return {
      html: '',
      problems: [
        {
          line: null,
          message: `Le source n’a pas pu être lu comme du MJML : vérifiez qu’il commence par <mjml> et que chaque balise est bien fermée (${detail}).`,
        },
      ],
    };
  }
}

/** Example values of the declared variables; one without example is shown empty. */
function exampleView(variables: TemplateVariableInfo[]): Record<string, string> {
  return Object.fromEntries(variables.map((v) => [v.name, v.example ?? '']));
}

/** The editor's live preview: the compiled HTML rendered with the variables' examples. */
export async function previewTemplate(
  mjml: string,
  variables: TemplateVariableInfo[],
): Promise<TemplateCompileResult> {
  const { html, problems } = await compileTemplateSource(mjml);
  if (html === '') return { html: '', errors: problems };
  try {
    return { html: Mustache.render(html, exampleView(variables)), errors: problems };
  } catch (error) {
    // compileMjml already parsed the Mustache when MJML had no error; here it may not have.
    const detail = error instanceof Error ? error.message : String(error);
    const problem = translateMjmlError(`Mustache: ${detail}`);
    const known = problems.some((p) => p.message === problem.message);
    return { html, errors: known ? problems : [...problems, problem] };
  }
}

// ---------------------------------------------------------------------------------------------
// Reads and changes

export const listTemplates = (db: Database): Promise<EmailTemplateSummary[]> =>
  listPresented(
    db,
    emailTemplates,
    [asc(emailTemplates.name), asc(emailTemplates.id)],
    presentTemplateSummary,
  );

export async function getTemplate(db: Database, id: string): Promise<EmailTemplateDetail | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  return row ? presentTemplateDetail(row) : undefined;
}

/** A 400 carrying the French problems: `fields.mjml` for the form, `mjmlErrors` for the list. */
export class MjmlInvalidError extends HttpError {
  readonly problems: MjmlProblem[];
  constructor(problems: MjmlProblem[]) {
    const first = problems[0]?.message ?? 'Le modèle MJML contient des erreurs.';
    super(400, 'mjml_invalid', 'Le modèle MJML contient des erreurs : corrigez-les avant d’enregistrer.', {
      mjml: problems.length > 1 ? `${first} (et ${problems.length - 1} autre(s) erreur(s))` : first,
    });
    this.name = 'MjmlInvalidError';
    this.problems = problems;
  }
}

/** Compiled HTML ready to store (hash-marked), or MjmlInvalidError. Slow: call outside a transaction. */
async function compileForStorage(mjml: string): Promise<string> {
  const { html, problems } = await compileTemplateSource(mjml);
  if (problems.length > 0) throw new MjmlInvalidError(problems);
  return `<!-- mjml:${mjmlHash(mjml)} -->\n${html}`;
}

/**
 * What is stored from an input: the composer's blocks and the MJML they compose to, or the
 * expert's MJML alone. Blocks may only name the template's declared variables, and a built-in
 * template keeps every link its seed has (the confirmation link...): the site's emails need them.
 */
function sourceOf(key: string, input: TemplateUpdate): { mjml: string; blocksJson: TemplateBlocks | null } {
  const mjml = input.blocks ? composeTemplateMjml(input.blocks) : input.mjml;
  if (input.blocks) {
    const declared = new Set(input.variables.map((v) => v.name));
    const unknown = blockVariables(input.blocks.blocks).filter((name) => !declared.has(name));
    if (unknown.length > 0) {
      throw templateInvalid(
        'blocks',
        `Variable inconnue de ce modèle : ${unknown.join(', ')}. Déclarez-la ou retirez-la du contenu.`,
      );
    }
  }
  const seed = SEED_EMAIL_TEMPLATES.find((t) => t.key === key);
  const missing = (seed?.variablesJson ?? []).filter(
    (v) => seed?.mjml.includes(`href="{{${v.name}}}"`) && !mjml.includes(`{{${v.name}}}`),
  );
  if (missing.length > 0) {
    const names = missing.map((v) => `« ${v.description} » ({{${v.name}}})`).join(', ');
    throw templateInvalid(
      input.blocks ? 'blocks' : 'mjml',
      `Ce modèle doit garder ${missing.length > 1 ? 'les liens' : 'le lien'} ${names} : sans lui, le destinataire ne peut pas faire ce que l’email lui demande.`,
    );
  }
  return { mjml, blocksJson: input.blocks ?? null };
}

const templateInvalid = (field: 'blocks' | 'mjml', message: string) =>
  new HttpError(400, 'validation_error', message, { [field]: message });

/** The MJML editor's switch back to the composer: what becomes of the MJML, said in French. */
export function mjmlToBlocks(mjml: string): TemplateToBlocksResult {
  const converted = templateBlocksFromMjml(mjml);
  if (!converted) {
    return {
      blocks: null,
      message:
        'Ce MJML n’a pas la mise en page des modèles du site (bandeau, carte blanche, pied de page) : le composeur ne peut pas l’ouvrir. Le modèle reste modifiable dans l’éditeur MJML.',
    };
  }
  const kept = converted.blocks.filter((b) => b.type === 'mjml').length;
  return {
    blocks: converted,
    message:
      kept === 0
        ? 'Tout le contenu s’ouvre dans le composeur.'
        : `${kept} ${kept > 1 ? 'parties' : 'partie'} (tableau, texte conditionnel, HTML…) ${kept > 1 ? 'restent' : 'reste'} en MJML : le composeur ${kept > 1 ? 'les' : 'la'} garde telle${kept > 1 ? 's' : ''} quelle${kept > 1 ? 's' : ''}, modifiable${kept > 1 ? 's' : ''} seulement dans l’éditeur MJML.`,
  };
}

const KEY_TAKEN = 'Un modèle utilise déjà cette clé.';
const keyTaken = () => new HttpError(409, 'template_key_taken', KEY_TAKEN, { key: KEY_TAKEN });

/** A PostgreSQL error code anywhere in the cause chain (drizzle wraps the driver's error). */
const storedVariables = (variables: TemplateVariableInfo[]) =>
  variables.map((v) => ({
    name: v.name,
    description: v.description,
    ...(v.example === undefined ? {} : { example: v.example }),
  }));

/**
 * The columns a created or edited template stores: its name, subject, source (sourceOf), the
 * compiled HTML and the declared variables. Compiles: call outside a transaction.
 */
async function storedColumns(key: string, input: TemplateUpdate) {
  const { mjml, blocksJson } = sourceOf(key, input);
  const compiledHtml = await compileForStorage(mjml);
  return {
    name: input.name,
    subject: input.subject,
    mjml,
    blocksJson,
    compiledHtml,
    variablesJson: storedVariables(input.variables),
  };
}

function assertDistinctVariables(variables: TemplateVariableInfo[]) {
  const seen = new Set<string>();
  variables.forEach((v, i) => {
    if (seen.has(v.name)) {
      throw new HttpError(400, 'validation_error', 'Certains champs sont invalides.', {
        [`variables.${i}.name`]: `La variable ${v.name} est déclarée deux fois`,
      });
    }
    seen.add(v.name);
  });
}

export async function createTemplate(
  db: Database,
  input: TemplateCreate,
  adminId: string,
): Promise<EmailTemplateDetail> {
  assertDistinctVariables(input.variables);
  const columns = await storedColumns(input.key, input);
  try {
    return await inTransaction(db, async (tx) => {
      if (await hasRow(tx, emailTemplates, eq(emailTemplates.key, input.key))) throw keyTaken();
      const row = await insertRow(tx, emailTemplates, { key: input.key, ...columns });
      await logActivity(tx, {
        type: 'email_template.created',
        title: `Modèle d’email créé : ${row.name}`,
        description: `Clé ${row.key}`,
        userId: adminId,
      });
      return presentTemplateDetail(row);
    });
  } catch (error) {
    if (hasPgCode(error, '23505')) throw keyTaken();
    throw error;
  }
}

export async function updateTemplate(
  db: Database,
  id: string,
  input: TemplateUpdate,
  adminId: string,
): Promise<EmailTemplateDetail | undefined> {
  assertDistinctVariables(input.variables);
  const [existing] = await db
    .select({ key: emailTemplates.key })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, id));
  if (!existing) return undefined;
  const columns = await storedColumns(existing.key, input);
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(emailTemplates)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(emailTemplates.id, id))
      .returning();
    if (!row) return undefined;
    const changed = [
      current.name !== row.name ? 'nom' : null,
      current.subject !== row.subject ? 'objet' : null,
      current.mjml !== row.mjml ? (row.blocksJson ? 'contenu' : 'contenu MJML') : null,
      (current.blocksJson === null) !== (row.blocksJson === null)
        ? row.blocksJson
          ? 'passé au composeur'
          : 'passé à l’éditeur MJML'
        : null,
      JSON.stringify(current.variablesJson) !== JSON.stringify(row.variablesJson) ? 'variables' : null,
    ].filter((label): label is string => label !== null);
    await logActivity(tx, {
      type: 'email_template.updated',
      title: `Modèle d’email modifié : ${row.name}`,
      description: changed.length > 0 ? `Modifié : ${changed.join(', ')}` : 'Enregistré sans changement',
      userId: adminId,
    });
    return presentTemplateDetail(row);
  });
}

export type DeleteTemplateOutcome =
  | { kind: 'deleted' }
  | { kind: 'not_found' }
  | { kind: 'built_in' }
  | { kind: 'in_use'; campaigns: number };

export async function deleteTemplate(
  db: Database,
  id: string,
  adminId: string,
): Promise<DeleteTemplateOutcome> {
  try {
    return await deleteTemplateOnce(db, id, adminId);
  } catch (error) {
    // A campaign created with this template between the count and the delete: the foreign key.
    if (hasPgCode(error, '23503')) return { kind: 'in_use', campaigns: 1 };
    throw error;
  }
}

async function deleteTemplateOnce(db: Database, id: string, adminId: string): Promise<DeleteTemplateOutcome> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!row) return { kind: 'not_found' };
    if (isBuiltInTemplate(row.key)) return { kind: 'built_in' };
    // The foreign key (on delete restrict) would refuse too; counting first gives a sentence.
    const [used] = await tx
      .select({ value: count() })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.templateId, id));
    const campaigns = used?.value ?? 0;
    if (campaigns > 0) return { kind: 'in_use', campaigns };
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, id));
    await logActivity(tx, {
      type: 'email_template.deleted',
      title: `Modèle d’email supprimé : ${row.name}`,
      description: `Clé ${row.key}`,
      userId: adminId,
    });
    return { kind: 'deleted' };
  });
}
