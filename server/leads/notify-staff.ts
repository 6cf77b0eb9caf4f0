/**
 * The email that tells the agency about a new lead, queued in the lead's own transaction.
 * It goes to the `email.notification_to` setting (falling back to `contact.email`), from
 * `email.notification_from`, with the visitor as Reply-To so staff answer with one click.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ContactRequest as Lead, siteSettings } from '../../db/schema.ts';
import { formatAddress, type Outbox } from '../email/outbox.ts';
import { type renderTemplate, siteUrlOf } from '../email/templates.ts';
import type { Logger } from '../logger.ts';
import { SOURCE_LABELS } from './create-lead.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The notification without any template: every detail, readable in any mail client. */
function fallbackEmail(lead: Lead, source: string, adminUrl: string) {
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
    html: `<pre style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
    text,
  };
}

export function createStaffNotifier(deps: {
  outbox: Outbox;
  render: typeof renderTemplate;
  publicUrl: string;
  logger: Logger;
}) {
  return async function notifyStaff(tx: Database, lead: Lead): Promise<void> {
    const rows = await tx
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(
        inArray(siteSettings.key, [
          'email.notification_to',
          'email.notification_from',
          'email.sender_name',
          'contact.email',
        ]),
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
      source: SOURCE_LABELS[lead.source as keyof typeof SOURCE_LABELS] ?? lead.source,
      // Escaped here, with its line breaks kept (the plain-text part is derived from the HTML).
      messageHtml: escapeHtml(lead.message).replace(/\r?\n/g, '<br>\n'),
      adminUrl: `${siteUrlOf(deps.publicUrl)}/admin/contacts?lead=${lead.id}`,
      siteUrl: siteUrlOf(deps.publicUrl),
    };
    let email: { subject: string; html: string; text: string };
    try {
      email = await deps.render(tx, 'lead_notification', variables);
    } catch (error) {
      // A template broken in the admin must never cost a lead: fall back to a plain message.
      deps.logger.error(
        { err: error, leadId: lead.id },
        'lead_notification template failed; sending the plain version',
      );
      email = fallbackEmail(lead, variables.source, variables.adminUrl);
    }
    // Not the newsletter's address: staff filter these apart, and a bounce or a complaint on one
    // never weighs on the other's reputation. The outbox's sender when the setting is empty.
    const fromAddress = setting('email.notification_from');
    await deps.outbox.enqueueEmail(tx, {
      to,
      ...email,
      ...(fromAddress
        ? { from: formatAddress(`${setting('email.sender_name') || 'Site'} (notifications)`, fromAddress) }
        : {}),
      replyTo: formatAddress(lead.fullName, lead.email),
      templateKey: 'lead_notification',
      dedupeKey: `lead:${lead.id}`,
    });
  };
}
