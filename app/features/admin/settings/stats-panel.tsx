/**
 * The company figures (company_stats) that the home and about pages show as claims: value and
 * unit as visitors read them ("15+", "120%"), hidden ones marked, moved up and down with buttons
 * (reachable by keyboard and thumb, unlike drag and drop), edited in a dialog, deleted after a
 * confirmation.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { type AdminStat, formatStat, StatInputSchema } from '#common/schemas/settings-admin.ts';
import { fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { useAdminForm, useFormWrite } from '../kit/admin-form';
import { QueryStates } from '../kit/admin-list';
import { Badge, RowTitle } from '../kit/badge';
import { DeleteIconButton, EditIconButton, NewItemButton } from '../kit/buttons';
import { ItemConfirmDialog } from '../kit/confirm-dialog';
import { FormDialog } from '../kit/dialog-frame';
import { IconButton } from '../kit/icon-button';
import { SettingsCard, SettingsRow } from '../kit/page';
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
    <SettingsCard
      titleId="stats-title"
      title="Chiffres clés"
      description="Affichés en haut de la page d’accueil et sur la page À propos, dans cet ordre. Un chiffre masqué n’apparaît plus sur le site."
      actions={<NewItemButton onClick={() => setEditing('new')} label="Ajouter un chiffre clé" />}
    >
      <QueryStates
        query={stats}
        isEmpty={(list) => list.length === 0}
        empty={{
          title: 'Aucun chiffre clé.',
          children: 'La page d’accueil n’affiche aucun chiffre tant que vous n’en ajoutez pas.',
        }}
      >
        {(list) => (
          <ol className="divide-y divide-gray-100" aria-busy={reorder.isPending}>
            {list.map((stat, index) => (
              <SettingsRow key={stat.id} testId="stat-row">
                <div className="flex min-w-0 items-center gap-4">
                  <span className="w-20 shrink-0 text-2xl font-extrabold text-brand-700">
                    {formatStat(stat)}
                  </span>
                  <div className="min-w-0">
                    <RowTitle name={stat.name}>
                      {stat.isActive ? null : <Badge tone="gray">Masqué</Badge>}
                    </RowTitle>
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
              </SettingsRow>
            ))}
          </ol>
        )}
      </QueryStates>
      {editing ? (
        <StatDialog stat={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ItemConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Supprimer ce chiffre clé ?"
        confirmLabel="Supprimer"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={(stat) => remove.mutate(stat)}
      >
        <p>
          « {deleting?.name} » ({deleting ? formatStat(deleting) : ''}) disparaîtra de la page d’accueil et de
          la page À propos. Pour le retirer seulement un temps, modifiez-le et décochez « Afficher sur le site
           ».
        </p>
      </ItemConfirmDialog>
    </SettingsCard>
  );
}

const statResolver = zodResolver(StatInputSchema as never) as unknown as Resolver<StatDraft>;

function StatDialog({ stat, onClose }: { stat: AdminStat | null; onClose: () => void }) {
  const form = useAdminForm<StatDraft>(statResolver, {
    name: stat?.name ?? '',
    value: stat ? String(stat.value) : '',
    unit: stat?.unit ?? '',
    description: stat?.description ?? '',
    isActive: stat?.isActive ?? true,
  });
  const field = fieldProps(form.register, form.formState.errors);
  const save = useFormWrite(form, saveStatMutation, {
    failure: 'Échec de l’enregistrement',
    onSuccess: onClose,
    // The resolver hands over the schema's output (value as a number); it is sent as is.
    variables: (input) => ({ id: stat?.id ?? null, values: input }),
  });

  return (
    <FormDialog
      title={stat ? 'Modifier le chiffre clé' : 'Ajouter un chiffre clé'}
      description="Il s’affiche comme « valeur + unité », par exemple 15+ ou 120%."
      pending={save.pending}
      onClose={onClose}
      onSubmit={save.onSubmit}
    >
      <TextField label="Libellé" {...field('name')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Valeur" inputMode="numeric" {...field('value')} />
        <TextField label="Unité" optional placeholder="+, %, k..." {...field('unit')} />
      </div>
      <TextAreaField label="Description" optional {...field('description')} />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('isActive')} />
        Afficher sur le site
      </label>
    </FormDialog>
  );
}
