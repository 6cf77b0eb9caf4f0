import { useParams } from 'react-router';
import { CampaignDetailScreen } from '~/features/admin/emails/campaign-detail-screen';

export const meta = () => [{ title: 'Campagne — Administration' }];

/** /admin/emails/campaigns/:campaignId: one campaign, its actions, progress and results. */
export default function AdminCampaignDetail() {
  const { campaignId = '' } = useParams();
  return <CampaignDetailScreen key={campaignId} campaignId={campaignId} />;
}
