/**
 * The transactional emails of a subscriber (server/newsletter/newsletter.ts): each with the
 * subscriber's own manage and unsubscribe links, queued in the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type NewsletterSubscription, siteSettings } from '#db/schema.ts';
import type { Outbox } from '../email/outbox.ts';
import { type renderTemplate, siteUrlOf } from '../email/templates.ts';
import { issueToken } from './tokens.ts';

/** What sending a subscriber's email needs. */
export type SubscriberMailDeps = { outbox: Outbox; render: typeof renderTemplate; publicUrl: string };

/** The transactional emails of a subscriber (server/newsletter/newsletter.ts's own templates). */
export type SubscriberTemplate =
  | 'newsletter_confirmation'
  | 'newsletter_already_subscribed'
  | 'newsletter_welcome'
  | 'newsletter_manage_link';

/** The emails that answer a sign-up, which anyone may send with any address: no typed text in them. */
const SIGN_UP_ANSWERS: ReadonlySet<SubscriberTemplate> = new Set([
  'newsletter_confirmation',
  'newsletter_already_subscribed',
]);

/** The site's page or route at `path`, opened with `token`. */
function link(deps: Pick<SubscriberMailDeps, 'publicUrl'>, path: string, token: string): string {
  const url = new URL(path, deps.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

async function companyAddress(tx: Database): Promise<string> {
  const [row] = await tx
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'contact.address'))
    .limit(1);
  return row?.value ?? '';
}

/**
 * Every newsletter email carries the subscriber's own manage and unsubscribe links and the
 * RFC 8058 one-click headers, so a mailbox provider can unsubscribe without opening the site.
 * The first name goes only to a confirmed address, and never in the answers to a sign-up:
 * anyone may type someone else's address and any name, and until the owner confirmed, that text
 * must not reach their mailbox in our name.
 */
export async function sendToSubscriber(
  deps: SubscriberMailDeps,
  tx: Database,
  subscriber: NewsletterSubscription,
  templateKey: SubscriberTemplate,
  at: Date,
  extra: Record<string, string> = {},
): Promise<void> {
  const greetsByName = subscriber.status === 'active' && !SIGN_UP_ANSWERS.has(templateKey);
  const manageToken = await issueToken(tx, subscriber.id, 'manage', at);
  const unsubscribeToken = await issueToken(tx, subscriber.id, 'unsubscribe', at);
  const oneClickUrl = link(deps, '/api/newsletter/unsubscribe', unsubscribeToken);
  const rendered = await deps.render(tx, templateKey, {
    ...extra,
    firstName: greetsByName ? (subscriber.firstName ?? '') : '',
    manageUrl: link(deps, '/newsletter/manage', manageToken),
    unsubscribeUrl: link(deps, '/newsletter/unsubscribe', unsubscribeToken),
    siteUrl: siteUrlOf(deps.publicUrl),
    companyAddress: await companyAddress(tx),
  });
  await deps.outbox.enqueueEmail(tx, {
    to: subscriber.email,
    ...rendered,
    templateKey,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/** The double opt-in's email, with its confirmation link. */
export async function sendConfirmation(
  deps: SubscriberMailDeps,
  tx: Database,
  subscriber: NewsletterSubscription,
  at: Date,
) {
  const confirmToken = await issueToken(tx, subscriber.id, 'confirm', at);
  await sendToSubscriber(deps, tx, subscriber, 'newsletter_confirmation', at, {
    confirmUrl: link(deps, '/newsletter/confirm', confirmToken),
  });
}
