/**
 * The company figures (company_stats) that the home and about pages show as claims: value and
 * unit as visitors read them ("15+", "120%"), hidden ones marked, moved up and down with buttons
 * (reachable by keyboard and thumb, unlike drag and drop), edited in a dialog, deleted after a
 * confirmation.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { type AdminStat, formatStat, StatInputSchema } from '#common/schemas/settings-admin.ts';
import { Sending, TextAreaField, TextField } from '~/components/form-fields';
import { reportOn, useAdminForm } from '../admin-form';
import { ConfirmDialog } from '../confirm-dialog';
import { AdminDialog, DialogForm } from '../dialog-frame';
import { IconButton } from '../icon-button';
import {
  Badge,
  Card,
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  ErrorState,
  FormActions,
  LoadingState,
  NewItemButton,
} from '../ui';
import {
  deleteStatMutation,
  reorderStatsMutation,
  type StatDraft,
  saveStatMutation,
  statsAdminQuery,
} from './data';

export function StatsPanel() {
  const stats = useQuery(statsAdminQuery);
  const [editing, setEditing] = useState<AdminStat | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminStat | null>(null);

  const reorder = useMutation(reorderStatsMutation());
  const remove = useMutation(deleteStatMutation({ onSuccess: () => setDeleting(null) }));

  const move = (list: AdminStat[], index: number, by: -1 | 1) => {
    const ids = list.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };

  return (
    <Card aria-labelledby="stats-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="stats-title" className="text-lg font-semibold text-gray-900">
            Chiffres clés
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Affichés en haut de la page d'accueil et sur la page À propos, dans cet ordre. Un chiffre masqué
            n'apparaît plus sur le site.
          </p>
        </div>
        <NewItemButton onClick={() => setEditing('new')} label="Ajouter un chiffre clé" />
      </div>
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.data.length === 0 ? (
        <EmptyState title="Aucun chiffre clé.">
          La page d'accueil n'affiche aucun chiffre tant que vous n'en ajoutez pas.
        </EmptyState>
      ) : (
        <ol className="divide-y divide-gray-100" aria-busy={reorder.isPending}>
          {stats.data.map((stat, index, list) => (
            <li
              key={stat.id}
              data-testid="stat-row"
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-4">
                <span className="w-20 shrink-0 text-2xl font-extrabold text-brand-700">
                  {formatStat(stat)}
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    <span className="wrap-anywhere">{stat.name}</span>
                    {stat.isActive ? null : <Badge tone="gray">Masqué</Badge>}
                  </p>
                  {stat.description ? <p className="text-sm text-gray-600">{stat.description}</p> : null}
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-1">
                <IconButton
                  label={`Monter « ${stat.name} »`}
                  tooltip="Monter"
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(list, index, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Descendre « ${stat.name} »`}
                  tooltip="Descendre"
                  disabled={index === list.length - 1 || reorder.isPending}
                  onClick={() => move(list, index, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </IconButton>
                <EditIconButton name={stat.name} onClick={() => setEditing(stat)} />
                <DeleteIconButton name={stat.name} onClick={() => setDeleting(stat)} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <StatDialog stat={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer ce chiffre clé ?"
        confirmLabel="Supprimer"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={() => (deleting ? remove.mutate(deleting) : undefined)}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
      >
        <p>
          « {deleting?.name} » ({deleting ? formatStat(deleting) : ''}) disparaîtra de la page d'accueil et de
          la page À propos. Pour le retirer seulement un temps, modifiez-le et décochez « Afficher sur le site
           ».
        </p>
      </ConfirmDialog>
    </Card>
  );
}

const STAT_FIELDS = ['name', 'value', 'unit', 'description', 'isActive'] as const;
const statResolver = zodResolver(StatInputSchema as never) as unknown as Resolver<StatDraft>;

function StatDialog({ stat, onClose }: { stat: AdminStat | null; onClose: () => void }) {
  const form = useAdminForm<StatDraft>(statResolver, {
    name: stat?.name ?? '',
    value: stat ? String(stat.value) : '',
    unit: stat?.unit ?? '',
    description: stat?.description ?? '',
    isActive: stat?.isActive ?? true,
  });
  const { errors } = form.formState;
  const save = useMutation(
    saveStatMutation({
      onSuccess: onClose,
      onError: reportOn(form, STAT_FIELDS, { title: "Échec de l'enregistrement" }),
    }),
  );

  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || save.isPending ? undefined : onClose())}
      title={stat ? 'Modifier le chiffre clé' : 'Ajouter un chiffre clé'}
      description="Il s'affiche comme « valeur + unité », par exemple 15+ ou 120%."
      pending={save.isPending}
    >
      <DialogForm
        // The resolver hands over the schema's output (value as a number); it is sent as is.
        onSubmit={form.handleSubmit((input) => save.mutate({ id: stat?.id ?? null, values: input }))}
        footer={<FormActions pending={save.isPending} onCancel={onClose} pendingLabel={<Sending />} />}
      >
        <TextField label="Libellé" error={errors.name?.message} {...form.register('name')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Valeur"
            inputMode="numeric"
            error={errors.value?.message}
            {...form.register('value')}
          />
          <TextField
            label="Unité"
            optional
            error={errors.unit?.message}
            placeholder="+, %, k..."
            {...form.register('unit')}
          />
        </div>
        <TextAreaField
          label="Description"
          optional
          error={errors.description?.message}
          {...form.register('description')}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
          <input type="checkbox" className="size-4 accent-brand-700" {...form.register('isActive')} />
          Afficher sur le site
        </label>
      </DialogForm>
    </AdminDialog>
  );
}
