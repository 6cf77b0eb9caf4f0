import { useParams } from 'react-router';
import { CampaignEditorScreen } from '~/features/admin/emails/campaign-editor-screen';

export const meta = () => [{ title: 'Campagne — Administration' }];

/** /admin/emails/campaigns/new and /admin/emails/campaigns/:campaignId/edit: the campaign editor. */
export default function AdminCampaignEditor() {
  const { campaignId } = useParams();
  return <CampaignEditorScreen key={campaignId ?? 'new'} campaignId={campaignId} />;
}
