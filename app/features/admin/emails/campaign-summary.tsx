/** The campaign's summary: subject, content, sender, recipients and the dates it has. */
import type { CampaignDetail } from '#common/schemas/campaigns.ts';
import { formatDate, formatDateTime } from '../kit/dates';
import { Card } from '../kit/page';
import { SubjectText } from './composer/subject-text';
import { formatCount } from './format';

export function CampaignSummary({ campaign }: { campaign: CampaignDetail }) {
  const segmentWords = [
    campaign.segment.tags.length > 0
      ? `étiquettes : ${campaign.segment.tags.join(', ')}`
      : 'toutes les étiquettes',
    campaign.segment.locale ? `langue : ${campaign.segment.locale}` : null,
    campaign.segment.subscribedFrom
      ? `inscrits depuis le ${formatDate(campaign.segment.subscribedFrom)}`
      : null,
    campaign.segment.subscribedTo ? `jusqu’au ${formatDate(campaign.segment.subscribedTo)}` : null,
  ].filter(Boolean);
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-gray-900">Résumé</h2>
      <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-gray-600">Objet</dt>
        <dd className="break-words text-gray-900">
          <SubjectText subject={campaign.subject} />
        </dd>
        <dt className="text-gray-600">Contenu</dt>
        <dd className="text-gray-900">
          {campaign.blocks
            ? `Éditeur de blocs (${campaign.blocks.length} bloc${campaign.blocks.length > 1 ? 's' : ''})`
            : campaign.templateName
              ? `Modèle « ${campaign.templateName} »`
              : '—'}
        </dd>
        <dt className="text-gray-600">Expéditeur</dt>
        <dd className="text-gray-900 [overflow-wrap:anywhere]">
          {campaign.senderName} &lt;{campaign.senderEmail}&gt;
        </dd>
        <dt className="text-gray-600">Destinataires</dt>
        <dd className="text-gray-900">
          <span data-testid="recipient-count">
            {formatCount(campaign.recipientCount)} abonné{campaign.recipientCount > 1 ? 's' : ''} actif
            {campaign.recipientCount > 1 ? 's' : ''}
          </span>
          <span className="block text-xs text-gray-600">{segmentWords.join(' · ')}</span>
        </dd>
        <SummaryDate term="Programmée" at={campaign.scheduledAt} note=" (heure de Kinshasa)" />
        <SummaryDate term="Envoyée" at={campaign.sentAt} />
        <SummaryDate term="Annulée" at={campaign.cancelledAt} />
      </dl>
    </Card>
  );
}

/** A date of the summary (the planned sending, the sending, the cancellation), when the campaign has it. */
function SummaryDate({ term, at, note }: { term: string; at: string | null; note?: string }) {
  if (!at) return null;
  return (
    <>
      <dt className="text-gray-600">{term}</dt>
      <dd className="text-gray-900">
        {formatDateTime(at)}
        {note}
      </dd>
    </>
  );
}
