/**
 * The email that tells the agency about a new lead, written in the lead's own statement and
 * rendered from the `lead_notification` template by the email worker when it is sent.
 * It goes to the `email.notification_to` setting (falling back to `contact.email`), from
 * `email.notification_from`, with the visitor as Reply-To so staff answer with one click.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { siteSettings } from '#db/schema.ts';
import type { TableMemo } from '../cache/table-memo.ts';
import { formatAddress, type Outbox } from '../email/outbox.ts';
import { escapeHtml, siteUrlOf } from '../email/templates.ts';
import { leadOrigin, type NewLead, SOURCE_LABELS } from './create-lead.ts';

/**
 * The notification without any template: every detail, readable in any mail client. Sent as it
 * is if the template cannot be rendered when the worker sends the email.
 */
function plainEmail(lead: NewLead, source: string, adminUrl: string) {
  const lines = [
    `${source} — ${lead.fullName}`,
    `Email : ${lead.email}`,
    `Téléphone : ${lead.phone ?? 'Non fourni'}`,
    `Entreprise : ${lead.company ?? 'Non précisée'}`,
    `Service : ${lead.serviceInterest}`,
    '',
    lead.message,
    '',
    `Voir le contact : ${adminUrl}`,
  ];
  const text = lines.join('\n');
  return {
    subject: `Nouveau contact : ${lead.fullName}`.replace(/[\r\n]+/g, ' '),
    text,
  };
}

export function createStaffNotifier(deps: {
  outbox: Outbox;
  /** The settings, read once until they change. */
  memo: TableMemo;
  publicUrl: string;
}) {
  return async function staffNotification(db: Database, lead: NewLead): Promise<SQL> {
    const rows = await deps.memo.get('lead_notification_settings', ['site_settings'], () =>
      db
        .select({ key: siteSettings.key, value: siteSettings.value })
        .from(siteSettings)
        .where(
          inArray(siteSettings.key, [
            'email.notification_to',
            'email.notification_from',
            'email.sender_name',
            'contact.email',
          ]),
        ),
    );
    const setting = (key: string) => rows.find((r) => r.key === key)?.value.trim();
    const to = setting('email.notification_to') || setting('contact.email');
    if (!to) throw new Error('No address to notify: set email.notification_to or contact.email');

    const variables = {
      fullName: lead.fullName,
      email: lead.email,
      // Empty values make the template print its own fallback ('Non fourni'...).
      phone: lead.phone ?? '',
      company: lead.company ?? '',
      serviceInterest: lead.serviceInterest,
      budget: lead.budget ?? '',
      // The form, then what brought the visitor (docs/decisions/084-first-party-audience.md).
      source: [SOURCE_LABELS[lead.source as keyof typeof SOURCE_LABELS] ?? lead.source, leadOrigin(lead)]
        .filter(Boolean)
        .join(' · '),
      // Escaped here, with its line breaks kept (the plain-text part is derived from the HTML).
      messageHtml: escapeHtml(lead.message).replace(/\r?\n/g, '<br>\n'),
      adminUrl: `${siteUrlOf(deps.publicUrl)}/admin/contacts?lead=${lead.id}`,
      siteUrl: siteUrlOf(deps.publicUrl),
    };
    // Not the newsletter's address: staff filter these apart, and a bounce or a complaint on one
    // never weighs on the other's reputation. The outbox's sender when the setting is empty.
    const fromAddress = setting('email.notification_from');
    // Rendered by the email worker when it sends it: the lead's request neither renders nor
    // stores the HTML (docs/decisions/033), and a template broken meanwhile costs nothing.
    return deps.outbox.emailInsert(db, {
      to,
      ...plainEmail(lead, variables.source, variables.adminUrl),
      templateVariables: variables,
      ...(fromAddress
        ? { from: formatAddress(`${setting('email.sender_name') || 'Site'} (notifications)`, fromAddress) }
        : {}),
      replyTo: formatAddress(lead.fullName, lead.email),
      templateKey: 'lead_notification',
      dedupeKey: `lead:${lead.id}`,
    });
  };
}
