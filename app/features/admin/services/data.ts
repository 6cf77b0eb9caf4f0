/**
 * The services screen's data. Each write refreshes the admin's services list, the dashboard and
 * the activity log (a row was written), and the public services list cached in this tab.
 */
import type { AdminService } from '#common/schemas/admin.ts';
import type { ServicePatch } from '#common/schemas/services-admin.ts';
import { createAdminQuery } from '../data/admin-data';
import { orderedContentMutations } from '../data/ordered-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';

export const ADMIN_SERVICES_KEY = '/api/admin/services';

export const adminServicesQuery = createAdminQuery<{ services: AdminService[] }>({
  queryKey: [ADMIN_SERVICES_KEY],
  url: ADMIN_SERVICES_KEY,
});

const SERVICE_WRITE_REFRESHES = [ADMIN_SERVICES_KEY, DASHBOARD_KEY, ACTIVITY_KEY, '/api/services'];

export const {
  save: saveServiceMutation,
  toggle: toggleServiceMutation,
  move: moveServiceMutation,
  remove: deleteServiceMutation,
} = orderedContentMutations<AdminService, ServicePatch>({
  path: ADMIN_SERVICES_KEY,
  refreshes: SERVICE_WRITE_REFRESHES,
  read: (body: { service: AdminService }) => body.service,
  texts: {
    created: 'Service créé',
    saved: 'Service enregistré',
    shown: 'Service affiché sur le site',
    hidden: 'Service masqué du site',
    toggleFailed: 'La visibilité du service n’a pas pu être modifiée.',
    moveFailed: 'Le service n’a pas pu être déplacé.',
    deleted: 'Service supprimé',
    deleteFailed: 'Le service n’a pas pu être supprimé.',
    name: (service) => service.title,
  },
});
