/**
 * The services screen's writes. Each one refreshes the admin's services list, the dashboard and
 * the activity log (a row was written), and the public services list cached in this tab.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminService } from '#common/schemas/admin.ts';
import type { ServiceChildrenChoice, ServicePatch } from '#common/schemas/services-admin.ts';
import { apiRequest, toastError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { invalidate } from '../admin-data';
import { ADMIN_SERVICES_KEY, DASHBOARD_KEY } from '../queries';

const serviceUrl = (id: string) => `${ADMIN_SERVICES_KEY}/${encodeURIComponent(id)}`;

function useRefresh() {
  const client = useQueryClient();
  return () => invalidate(client, ADMIN_SERVICES_KEY, DASHBOARD_KEY, '/api/admin/activity', '/api/services');
}

const failed = (fallback: string) => (error: unknown) => toastError(error, { fallback });

/** Creation (no id) or change of a service, from the form; the form shows field errors itself. */
export function useSaveService() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: ServicePatch }) => {
      const response = id
        ? await apiRequest('PATCH', serviceUrl(id), values)
        : await apiRequest('POST', ADMIN_SERVICES_KEY, values);
      return {
        created: id === null,
        service: ((await response.json()) as { service: AdminService }).service,
      };
    },
    retry: false,
    onSuccess: ({ created, service }) => {
      refresh();
      toast({ title: created ? 'Service créé' : 'Service enregistré', description: service.title });
    },
  });
}

export function useToggleService() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ service, isActive }: { service: AdminService; isActive: boolean }) => {
      const response = await apiRequest('PATCH', serviceUrl(service.id), { isActive });
      return ((await response.json()) as { service: AdminService }).service;
    },
    retry: false,
    onSuccess: (service) => {
      refresh();
      toast({
        title: service.isActive ? 'Service affiché sur le site' : 'Service masqué du site',
        description: service.title,
      });
    },
    onError: failed('La visibilité du service n’a pas pu être modifiée.'),
  });
}

export function useMoveService() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ service, direction }: { service: AdminService; direction: 'up' | 'down' }) => {
      await apiRequest('POST', `${serviceUrl(service.id)}/move`, { direction });
      return service;
    },
    retry: false,
    onSuccess: (service) => {
      refresh();
      toast({ title: 'Ordre modifié', description: service.title });
    },
    onError: failed('Le service n’a pas pu être déplacé.'),
  });
}

export function useDeleteService() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      service,
      children,
    }: {
      service: AdminService;
      children?: ServiceChildrenChoice;
    }) => {
      const query = children ? `?children=${children}` : '';
      await apiRequest('DELETE', `${serviceUrl(service.id)}${query}`);
      return service;
    },
    retry: false,
    onSuccess: (service) => {
      refresh();
      toast({ title: 'Service supprimé', description: service.title });
    },
    onError: (error) => {
      // A child added meanwhile (409) or a service already gone: the list must catch up.
      refresh();
      failed('Le service n’a pas pu être supprimé.')(error);
    },
  });
}
