/**
 * One campaign email for one recipient (decision 017): the campaign's body rendered with Mustache,
 * the campaign's subject rendered with the same variables. The body is either the MJML the block
 * composer made of the campaign's blocks (decision 073, compiled when saved and kept in
 * email_campaigns.compiled_html) or its template (email_templates by templateId, MJML compiled
 * once and stored, see server/email/templates.ts).
 *
 * Variables, the personal ones last so a content block cannot override them:
 * - the campaign's `content` blocks (e.g. `contentHtml` of the monthly newsletter, `contentTitle`,
 *   `contentExcerpt`, `contentUrl` of an announcement);
 * - `publications`: the content_publications the campaign announces (`{ title, url, type }`,
 *   for a `{{#publications}}` list) and `campaignTitle`;
 * - `siteUrl` (PUBLIC_URL), `companyAddress` (setting contact.address), `firstName`, `manageUrl`,
 *   `unsubscribeUrl`.
 *
 * Real sends get the subscriber's own links (reusable tokens, server/newsletter/tokens.ts);
 * previews and test sends get harmless example links: an admin clicking "Se désinscrire" in a
 * preview, or a colleague in a test email, must not unsubscribe a real subscriber.
 */
import { eq } from 'drizzle-orm';
import Mustache from 'mustache';
import type { Database } from '#db/client.ts';
import { contentPublications, type emailCampaigns, emailTemplates, siteSettings } from '#db/schema.ts';
import {
  compileForStorage,
  isCompiledFrom,
  type RenderedEmail,
  renderCompiled,
  renderTemplate,
  sanitizeSubject,
  siteUrlOf,
} from '../email/templates.ts';
import { reusableToken } from '../newsletter/tokens.ts';

export type CampaignRow = typeof emailCampaigns.$inferSelect;

/** The campaign cannot be rendered (its template is gone or broken): retrying will not help. */
export class CampaignRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CampaignRenderError';
  }
}

export type RecipientLinks = {
  manageUrl: string;
  unsubscribeUrl: string;
  /** RFC 8058 one-click target (POST), for the List-Unsubscribe header. */
  oneClickUrl: string;
};

function link(publicUrl: string, path: string, token: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Links that look real and lead to the site's "invalid link" pages: for previews and tests. */
export function exampleLinks(publicUrl: string): RecipientLinks {
  return {
    manageUrl: link(publicUrl, '/newsletter/manage', 'exemple'),
    unsubscribeUrl: link(publicUrl, '/newsletter/unsubscribe', 'exemple'),
    oneClickUrl: link(publicUrl, '/api/newsletter/unsubscribe', 'exemple'),
  };
}

/** The subscriber's own manage and unsubscribe links (same tokens in every campaign). */
export async function subscriberLinks(
  db: Database,
  options: { linkKey: string; subscriberId: string; publicUrl: string; now: Date },
): Promise<RecipientLinks> {
  const { linkKey, subscriberId, publicUrl, now } = options;
  const manage = await reusableToken(db, linkKey, subscriberId, 'manage', now);
  const unsubscribe = await reusableToken(db, linkKey, subscriberId, 'unsubscribe', now);
  return {
    manageUrl: link(publicUrl, '/newsletter/manage', manage),
    unsubscribeUrl: link(publicUrl, '/newsletter/unsubscribe', unsubscribe),
    oneClickUrl: link(publicUrl, '/api/newsletter/unsubscribe', unsubscribe),
  };
}

/** Same headers as the newsletter's own emails (sendToSubscriber): one-click unsubscribe. */
export function unsubscribeHeaders(links: RecipientLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** What stays the same for every recipient of one campaign: fetched once per batch. */
export type CampaignRenderContext = {
  /** The composer's compiled HTML, or the key of the template to render. */
  body: { kind: 'compiled'; html: string } | { kind: 'template'; key: string };
  /** PUBLIC_URL without its trailing slash: `{{siteUrl}}/contact` in a template. */
  siteUrl: string;
  companyAddress: string;
  publications: { title: string; url: string; type: string }[];
};

async function loadBody(
  db: Database,
  campaign: Pick<CampaignRow, 'templateId' | 'bodyMjml' | 'compiledHtml'>,
): Promise<CampaignRenderContext['body']> {
  if (campaign.bodyMjml !== null) {
    const stored = campaign.compiledHtml ?? '';
    if (isCompiledFrom(stored, campaign.bodyMjml)) return { kind: 'compiled', html: stored };
    // Compiled by an older compiler revision: compiled again (the next save stores it).
    try {
      return { kind: 'compiled', html: await compileForStorage(campaign.bodyMjml, 'The campaign') };
    } catch (error) {
      throw new CampaignRenderError('Le contenu de la campagne ne peut pas être mis en page.', {
        cause: error,
      });
    }
  }
  if (!campaign.templateId) throw new CampaignRenderError('La campagne n’a pas de contenu.');
  const [template] = await db
    .select({ key: emailTemplates.key })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, campaign.templateId))
    .limit(1);
  if (!template) throw new CampaignRenderError('Le modèle de la campagne est introuvable.');
  return { kind: 'template', key: template.key };
}

export async function loadRenderContext(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'templateId' | 'bodyMjml' | 'compiledHtml'>,
  publicUrl: string,
): Promise<CampaignRenderContext> {
  const body = await loadBody(db, campaign);
  const [address] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'contact.address'))
    .limit(1);
  const publications = await db
    .select({
      title: contentPublications.title,
      url: contentPublications.url,
      type: contentPublications.contentType,
    })
    .from(contentPublications)
    .where(eq(contentPublications.campaignId, campaign.id))
    .orderBy(contentPublications.publishedAt);
  return {
    body,
    siteUrl: siteUrlOf(publicUrl),
    companyAddress: address?.value ?? '',
    publications: publications.map((p) => ({ ...p, url: new URL(p.url, publicUrl).toString() })),
  };
}

/** Subjects are plain text: no HTML escaping (`&` stays `&`). */
const noEscape = (value: unknown) => String(value);

export async function renderCampaign(
  db: Database,
  options: {
    campaign: Pick<CampaignRow, 'title' | 'subject' | 'content'>;
    context: CampaignRenderContext;
    firstName: string | null;
    links: RecipientLinks;
  },
): Promise<RenderedEmail> {
  const { campaign, context, links } = options;
  const variables: Record<string, unknown> = {
    ...campaign.content,
    campaignTitle: campaign.title,
    publications: context.publications,
    siteUrl: context.siteUrl,
    companyAddress: context.companyAddress,
    firstName: options.firstName ?? '',
    manageUrl: links.manageUrl,
    unsubscribeUrl: links.unsubscribeUrl,
  };
  let rendered: RenderedEmail;
  try {
    rendered =
      context.body.kind === 'compiled'
        ? renderCompiled(context.body.html, '', variables)
        : await renderTemplate(db, context.body.key, variables);
  } catch (error) {
    throw new CampaignRenderError(
      `Le modèle ne peut pas être rendu : ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  let subject: string;
  try {
    subject = sanitizeSubject(Mustache.render(campaign.subject, variables, undefined, { escape: noEscape }));
  } catch {
    // An admin's stray "{{" in a subject: sent as typed rather than not at all.
    subject = sanitizeSubject(campaign.subject);
  }
  return { ...rendered, subject };
}
