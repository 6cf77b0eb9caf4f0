/**
 * The subscribers screen's writes: tags, erasure and the CSV import. Each one refreshes the list
 * and the dashboard (their counts change) and reports in French through a toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSubscriber, SubscriberImportResult } from '#common/schemas/admin.ts';
import { apiRequest, errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { invalidate } from '../admin-data';
import { DASHBOARD_KEY, SUBSCRIBERS_KEY } from '../queries';

const subscriberUrl = (id: string) => `${SUBSCRIBERS_KEY}/${encodeURIComponent(id)}`;

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, SUBSCRIBERS_KEY, DASHBOARD_KEY);
}

export function useUpdateTags() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ id, tags }: { id: string; tags: string[] }) => {
      const response = await apiRequest('PATCH', subscriberUrl(id), { tags });
      return ((await response.json()) as { subscriber: AdminSubscriber }).subscriber;
    },
    // A refused change is not retried: the answer would be the same.
    retry: false,
    onSuccess: (subscriber) => {
      refresh();
      toast({ title: 'Étiquettes enregistrées', description: subscriber.email });
    },
  });
}

export function useEraseSubscriber() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (subscriber: AdminSubscriber) => {
      await apiRequest('DELETE', subscriberUrl(subscriber.id));
      return subscriber;
    },
    retry: false,
    onSuccess: (subscriber) => {
      refresh();
      toast({
        title: 'Abonné supprimé',
        description: `${subscriber.email} et toutes ses données ont été effacés.`,
      });
    },
    onError: (error) => {
      toast({ title: 'Suppression impossible', description: errorMessage(error), variant: 'destructive' });
    },
  });
}

export type ImportRequest = { csv: string; consented: boolean; tags: string };

export function useImportSubscribers() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async ({ csv, consented, tags }: ImportRequest) => {
      const search = new URLSearchParams({ consented: String(consented) });
      if (tags.trim()) search.set('tags', tags.trim());
      const response = await apiRequest('POST', `${SUBSCRIBERS_KEY}/import?${search}`, undefined, {
        body: csv,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
      return (await response.json()) as SubscriberImportResult;
    },
    // Never replayed: a second run would send the confirmation emails' requests twice.
    retry: false,
    onSuccess: (result) => {
      refresh();
      toast({
        title: 'Import terminé',
        description: `${result.created} ajoutée(s), ${result.existing} déjà connue(s), ${result.invalid.length} ligne(s) refusée(s).`,
      });
    },
    onError: (error) => {
      toast({ title: "Échec de l'import", description: errorMessage(error), variant: 'destructive' });
    },
  });
}
