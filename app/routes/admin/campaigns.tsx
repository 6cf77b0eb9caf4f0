import { CampaignListScreen } from '~/features/admin/emails/campaign-list-screen';

export const meta = () => [{ title: 'Campagnes — Administration' }];

/** /admin/emails/campaigns: the email campaigns. */
export default function AdminCampaigns() {
  return <CampaignListScreen />;
}
