/**
 * Whether a campaign may be sent or scheduled (docs/decisions/073-campaign-composer.md): the
 * server refuses an empty subject, an empty body, nobody to send to, and a broken link, each with
 * its French message. The detail screen shows the same list, so "Envoyer maintenant" and
 * "Programmer" say why they wait before anyone clicks them.
 *
 * A link is broken when it leads to a page of the site that does not exist (an unpublished post,
 * a hidden service, a mistyped path) or is not an address a mail client can open. Links to other
 * sites are checked for their form only: the server does not fetch them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import Mustache from 'mustache';
import { PUBLIC_STATIC_PATHS } from '#common/paths.ts';
import {
  areBlocksEmpty,
  blockLinks,
  blocksReadiness,
  type CampaignBlock,
  isEmailHref,
} from '#common/schemas/campaign-blocks.ts';
import { contentVariables } from '#common/schemas/campaigns.ts';
import { LINK_ADDRESS_MESSAGE } from '#common/schemas/fields.ts';
import type { Database } from '#db/client.ts';
import { blogPosts, blogSlugRedirects, emailTemplates, services } from '#db/schema.ts';
import { serviceIsPublic } from '../content/public-content.ts';
import { HttpError } from '../errors.ts';
import { missingBlockContent } from './compose.ts';
import type { CampaignRow } from './render.ts';
import { countSegment, storedSegment } from './segment.ts';

export type CampaignProblem = { field: 'subject' | 'body' | 'segment' | 'links'; message: string };

/** The page a link of the site leads to ("/blog/x"), or null for a link to another site. */
function sitePath(href: string, publicUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(href, publicUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  try {
    return decodeURIComponent(url.pathname).replace(/(.)\/+$/, '$1');
  } catch {
    return url.pathname;
  }
}

/** The site's pages a campaign may link to, among `paths`: read once per check. */
async function knownPaths(db: Database, paths: string[]): Promise<(path: string) => boolean> {
  const slugs = paths.filter((p) => p.startsWith('/blog/')).map((p) => p.slice('/blog/'.length));
  const serviceIds = paths
    .filter((p) => p.startsWith('/services/'))
    .map((p) => p.slice('/services/'.length))
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const liveSlugs = new Set<string>();
  if (slugs.length > 0) {
    const current = await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(inArray(blogPosts.slug, slugs), eq(blogPosts.isPublished, true)));
    // A former address of a published post answers with a 301 to it: not broken.
    const former = await db
      .select({ slug: blogSlugRedirects.oldSlug })
      .from(blogSlugRedirects)
      .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
      .where(and(inArray(blogSlugRedirects.oldSlug, slugs), eq(blogPosts.isPublished, true)));
    for (const row of [...current, ...former]) liveSlugs.add(row.slug);
  }
  const liveServices = new Set<string>();
  if (serviceIds.length > 0) {
    const rows = await db
      .select({ id: services.id })
      .from(services)
      .where(and(inArray(services.id, serviceIds), serviceIsPublic));
    for (const row of rows) liveServices.add(row.id);
  }
  const statics = new Set<string>([...PUBLIC_STATIC_PATHS, '/blog/rss.xml']);
  return (path) =>
    statics.has(path) ||
    path.startsWith('/media/') ||
    (path.startsWith('/blog/') && liveSlugs.has(path.slice('/blog/'.length))) ||
    (path.startsWith('/services/') && liveServices.has(path.slice('/services/'.length)));
}

/** The links the admin wrote in a template campaign's fields: its addresses and its HTML's hrefs. */
function templateLinks(content: Record<string, string>): string[] {
  const links: string[] = [];
  for (const [name, value] of Object.entries(content)) {
    if (/url$/i.test(name) && value.trim()) links.push(value.trim());
    for (const match of value.matchAll(/href\s*=\s*["']([^"']*)["']/gi)) links.push(match[1] ?? '');
  }
  return links;
}

async function linkProblems(
  db: Database,
  links: { href: string; where: string }[],
  publicUrl: string,
): Promise<CampaignProblem[]> {
  const problems: CampaignProblem[] = [];
  const internal: { href: string; where: string; path: string }[] = [];
  for (const link of links) {
    if (!isEmailHref(link.href)) {
      problems.push({
        field: 'links',
        message: `${link.where} : le lien « ${link.href} » est invalide (${LINK_ADDRESS_MESSAGE}).`,
      });
      continue;
    }
    if (/^(mailto|tel):/i.test(link.href)) continue;
    const path = sitePath(link.href, publicUrl);
    if (path !== null) internal.push({ ...link, path });
  }
  if (internal.length > 0) {
    const exists = await knownPaths(
      db,
      internal.map((l) => l.path),
    );
    for (const link of internal) {
      if (!exists(link.path)) {
        problems.push({
          field: 'links',
          message: `${link.where} : le lien « ${link.href} » ne mène à aucune page du site.`,
        });
      }
    }
  }
  return problems;
}

async function blocksProblems(
  db: Database,
  blocks: CampaignBlock[],
  publicUrl: string,
): Promise<CampaignProblem[]> {
  // Empty, or with an empty title or paragraph: what the composer shows while the admin types.
  const local = blocksReadiness(blocks).map((message) => ({ field: 'body' as const, message }));
  if (areBlocksEmpty(blocks)) return local;
  const missing = await missingBlockContent(db, blocks);
  const links = blockLinks(blocks).map((l) => ({ href: l.href, where: `Bloc ${l.blockIndex + 1}` }));
  return [
    ...local,
    ...missing.map((message) => ({ field: 'body' as const, message })),
    ...(await linkProblems(db, links, publicUrl)),
  ];
}

async function templateProblems(
  db: Database,
  row: CampaignRow,
  publicUrl: string,
): Promise<CampaignProblem[]> {
  const [template] = row.templateId
    ? await db
        .select({ variables: emailTemplates.variablesJson })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, row.templateId))
    : [];
  if (!template)
    return [
      {
        field: 'body',
        message: 'Le contenu est vide : choisissez un modèle ou écrivez la campagne en blocs.',
      },
    ];
  const written = contentVariables({ variables: template.variables ?? [] });
  if (written.length > 0 && written.every((v) => !(row.content[v.name] ?? '').trim())) {
    return [{ field: 'body', message: 'Le contenu est vide : remplissez au moins un champ du modèle.' }];
  }
  const links = templateLinks(row.content).map((href) => ({ href, where: 'Contenu' }));
  return linkProblems(db, links, publicUrl);
}

/**
 * The subject's problem: empty as typed, or empty for a subscriber who gave no first name (a
 * subject that is only the "Prénom" chip, without fallback words).
 */
function subjectProblem(row: CampaignRow): CampaignProblem | null {
  if (!row.subject.trim()) return { field: 'subject', message: 'L’objet est vide.' };
  let nameless = row.subject;
  try {
    nameless = Mustache.render(row.subject, { ...row.content, firstName: '' }, undefined, { escape: String });
  } catch {
    // A stray "{{" is sent as typed (render.ts): not empty.
  }
  return nameless.trim()
    ? null
    : {
        field: 'subject',
        message: `L’objet est vide pour un abonné sans prénom : donnez des mots de remplacement au « Prénom » de l’objet.`,
      };
}

/**
 * Everything that stops the campaign from being sent now; empty when it is ready. `recipients`,
 * when the caller has just counted them, spares counting again.
 */
export async function campaignProblems(
  db: Database,
  row: CampaignRow,
  publicUrl: string,
  recipients?: number,
): Promise<CampaignProblem[]> {
  const problems: CampaignProblem[] = [];
  const subject = subjectProblem(row);
  if (subject) problems.push(subject);
  problems.push(
    ...(row.blocks !== null
      ? await blocksProblems(db, row.blocks, publicUrl)
      : await templateProblems(db, row, publicUrl)),
  );
  if ((recipients ?? (await countRecipients(db, row))) === 0) {
    problems.push({
      field: 'segment',
      message:
        'Aucun abonné actif ne correspond aux destinataires choisis : il n’y a personne à qui envoyer.',
    });
  }
  return problems;
}

async function countRecipients(db: Database, row: CampaignRow): Promise<number> {
  try {
    return await countSegment(db, storedSegment(row.segmentFilterJson));
  } catch {
    return 0;
  }
}

/** The 422 a send or a schedule gets when the campaign is not ready, one message per field. */
export function notReady(problems: CampaignProblem[]): HttpError {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    fields[problem.field] = fields[problem.field]
      ? `${fields[problem.field]} ${problem.message}`
      : problem.message;
  }
  return new HttpError(
    422,
    'not_ready',
    `La campagne ne peut pas partir : ${problems.map((p) => p.message).join(' ')}`,
    fields,
  );
}

/** Throws the 422 when the campaign is not ready (called inside the send's or schedule's transaction). */
export async function assertReady(db: Database, row: CampaignRow, publicUrl: string): Promise<void> {
  const problems = await campaignProblems(db, row, publicUrl);
  if (problems.length > 0) throw notReady(problems);
}
