import type { CampaignStatus } from '#common/enums.ts';
import { CAMPAIGN_STATUS_LABELS } from '#common/schemas/campaigns.ts';
import { Badge, type BadgeTone } from '../kit/badge';

const TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'amber',
  sent: 'green',
  failed: 'red',
};

/** A campaign's status; a paused sending says so, since its status stays 'sending'. */
export function CampaignStatusBadge({ status, paused }: { status: CampaignStatus; paused?: boolean }) {
  return (
    <span data-testid="campaign-status" className="inline-flex">
      <Badge tone={paused ? 'gray' : TONES[status]}>
        {CAMPAIGN_STATUS_LABELS[status]}
        {paused && status === 'sending' ? ' (en pause)' : ''}
      </Badge>
    </span>
  );
}
