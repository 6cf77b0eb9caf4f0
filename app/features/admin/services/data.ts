/**
 * The services screen's data. Each write refreshes the admin's services list, the dashboard and
 * the activity log (a row was written), and the public services list cached in this tab.
 */
import type { AdminService } from '#common/schemas/admin.ts';
import type { ServiceChildrenChoice, ServicePatch } from '#common/schemas/services-admin.ts';
import { createAdminMutation, createAdminQuery } from '../admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../queries';

export const ADMIN_SERVICES_KEY = '/api/admin/services';

export const adminServicesQuery = createAdminQuery<{ services: AdminService[] }>({
  queryKey: [ADMIN_SERVICES_KEY],
  url: ADMIN_SERVICES_KEY,
});

const serviceUrl = (id: string) => `${ADMIN_SERVICES_KEY}/${encodeURIComponent(id)}`;
const SERVICE_WRITE_REFRESHES = [ADMIN_SERVICES_KEY, DASHBOARD_KEY, ACTIVITY_KEY, '/api/services'];
const readService = (body: { service: AdminService }) => body.service;

/** Creation (no id) or change of a service, from the form; the form shows field errors itself. */
export const saveServiceMutation = createAdminMutation({
  method: ({ id }: { id: string | null; values: ServicePatch }) => (id ? 'PATCH' : 'POST'),
  url: ({ id }) => (id ? serviceUrl(id) : ADMIN_SERVICES_KEY),
  body: ({ values }) => values,
  read: readService,
  invalidates: SERVICE_WRITE_REFRESHES,
  toast: (service, { id }) => ({
    title: id === null ? 'Service créé' : 'Service enregistré',
    description: service.title,
  }),
});

export const toggleServiceMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ service }: { service: AdminService; isActive: boolean }) => serviceUrl(service.id),
  body: ({ isActive }) => ({ isActive }),
  read: readService,
  invalidates: SERVICE_WRITE_REFRESHES,
  toast: (service) => ({
    title: service.isActive ? 'Service affiché sur le site' : 'Service masqué du site',
    description: service.title,
  }),
  errorToast: { fallback: 'La visibilité du service n’a pas pu être modifiée.' },
});

export const moveServiceMutation = createAdminMutation({
  method: 'POST',
  url: ({ service }: { service: AdminService; direction: 'up' | 'down' }) => `${serviceUrl(service.id)}/move`,
  body: ({ direction }) => ({ direction }),
  invalidates: SERVICE_WRITE_REFRESHES,
  toast: ({ service }) => ({ title: 'Ordre modifié', description: service.title }),
  errorToast: { fallback: 'Le service n’a pas pu être déplacé.' },
});

export const deleteServiceMutation = createAdminMutation({
  method: 'DELETE',
  url: ({ service, children }: { service: AdminService; children?: ServiceChildrenChoice }) =>
    `${serviceUrl(service.id)}${children ? `?children=${children}` : ''}`,
  invalidates: SERVICE_WRITE_REFRESHES,
  // A child added meanwhile (409) or a service already gone: the list must catch up.
  refreshOn: 'settled',
  toast: ({ service }) => ({ title: 'Service supprimé', description: service.title }),
  errorToast: { fallback: 'Le service n’a pas pu être supprimé.' },
});
