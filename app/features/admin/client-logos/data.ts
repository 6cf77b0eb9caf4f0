/**
 * The client logos screen's data. Every write refreshes the list, the dashboard and the activity
 * log (a row was written), and the public logos cached in this tab.
 */
import type { AdminClientLogo, ClientLogoPatch } from '#common/schemas/client-logos-admin.ts';
import { createAdminQuery } from '../data/admin-data';
import { orderedContentMutations } from '../data/ordered-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';

export const ADMIN_CLIENT_LOGOS_KEY = '/api/admin/client-logos';

export const adminClientLogosQuery = createAdminQuery({
  queryKey: [ADMIN_CLIENT_LOGOS_KEY],
  url: ADMIN_CLIENT_LOGOS_KEY,
  pick: (body: { clientLogos: AdminClientLogo[] }) => body.clientLogos,
});

export const {
  save: saveClientLogoMutation,
  toggle: toggleClientLogoMutation,
  move: moveClientLogoMutation,
  remove: deleteClientLogoMutation,
} = orderedContentMutations<AdminClientLogo, ClientLogoPatch>({
  path: ADMIN_CLIENT_LOGOS_KEY,
  refreshes: [ADMIN_CLIENT_LOGOS_KEY, DASHBOARD_KEY, ACTIVITY_KEY, '/api/client-logos'],
  read: (body: { clientLogo: AdminClientLogo }) => body.clientLogo,
  texts: {
    created: 'Logo ajouté',
    saved: 'Logo enregistré',
    shown: 'Logo affiché sur le site',
    hidden: 'Logo masqué du site',
    toggleFailed: 'La visibilité n’a pas pu être modifiée.',
    moveFailed: 'Le logo n’a pas pu être déplacé.',
    deleted: 'Logo supprimé',
    deleteFailed: 'Le logo n’a pas pu être supprimé.',
    name: (logo) => logo.name,
  },
});
