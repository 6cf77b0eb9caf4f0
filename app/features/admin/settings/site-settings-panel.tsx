/**
 * The site settings, one card per category (identity, contact details, social links, SEO, email
 * sender, system), each with its own form and "Enregistrer" button: a phone number fixed in the
 * contact card is saved without touching the SEO texts someone else is editing. Values are checked
 * with the same per-key rules as the server, and shown back as the server normalised them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import { useEffect, useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  type AdminSetting,
  isBooleanSetting,
  isLongSetting,
  PRIVATE_SETTING_CATEGORIES,
  SETTING_CATEGORY_ORDER,
  SETTING_LABELS,
  settingCategoryLabel,
  settingLabel,
  settingValueSchema,
} from '#common/schemas/settings-admin.ts';
import { fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { toast } from '~/lib/toast';
import { reportOn, useAdminForm } from '../kit/admin-form';
import { Badge } from '../kit/badge';
import { PanelSubmit } from '../kit/buttons';
import { Card } from '../kit/page';
import { CardsSkeleton } from '../kit/skeleton';
import { EmptyState, ErrorState } from '../kit/states';
import { saveSettingsMutation, settingsQuery } from './data';

/** react-hook-form reads dots as nesting: a key becomes a flat field name and back. */
const fieldOf = (key: string) => key.replaceAll('.', '~');
const keyOf = (field: string) => field.replaceAll('~', '.');

const CATEGORY_HINTS: Record<string, string> = {
  contact: 'Affichées dans le pied de page, sur la page Contact et dans les boutons d’appel et WhatsApp.',
  social: 'Liens https:// vers les profils de l’agence ; Instagram et TikTok figurent dans le pied de page.',
  seo: 'Utilisés par les moteurs de recherche et les partages quand une page ne définit pas les siens.',
  email: 'Jamais affichés sur le site : ils servent à l’envoi des emails et aux notifications internes.',
  system: 'Réservé au fonctionnement du site : ne modifiez ces valeurs qu’en connaissance de cause.',
};

function groupByCategory(settings: AdminSetting[]) {
  const groups = new Map<string, AdminSetting[]>();
  for (const setting of settings) {
    const list = groups.get(setting.category) ?? [];
    list.push(setting);
    groups.set(setting.category, list);
  }
  // Within a card, the order of SETTING_LABELS (name before tagline...), unknown keys last.
  const known = Object.keys(SETTING_LABELS);
  const keyRank = (key: string) => known.indexOf(key) + 1 || known.length + 1;
  for (const list of groups.values())
    list.sort((a, b) => keyRank(a.key) - keyRank(b.key) || a.key.localeCompare(b.key));
  const rank = (category: string) => {
    const index = SETTING_CATEGORY_ORDER.indexOf(category);
    return index === -1 ? SETTING_CATEGORY_ORDER.length : index;
  };
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export function SiteSettingsPanel() {
  const settings = useQuery(settingsQuery);
  if (settings.isPending) return <CardsSkeleton count={3} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (settings.data.length === 0) {
    return (
      <Card>
        <EmptyState title="Aucun paramètre enregistré.">
          Les paramètres sont créés au démarrage du serveur ; redémarrez-le pour les retrouver.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      {groupByCategory(settings.data).map(([category, items]) => (
        <CategoryForm key={category} category={category} settings={items} />
      ))}
    </div>
  );
}

function CategoryForm({ category, settings }: { category: string; settings: AdminSetting[] }) {
  const fields = useMemo(() => settings.map((s) => fieldOf(s.key)), [settings]);
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object(
          Object.fromEntries(settings.map((s) => [fieldOf(s.key), settingValueSchema(s.key)])),
        ) as never,
      ) as unknown as Resolver<Record<string, string>>,
    [settings],
  );
  const values = useMemo(
    () => Object.fromEntries(settings.map((s) => [fieldOf(s.key), s.value])),
    [settings],
  );
  const form = useAdminForm<Record<string, string>>(resolver, values);
  const { reset, formState } = form;
  // Read while rendering, so react-hook-form tracks which fields the admin changed.
  const { dirtyFields } = formState;
  // Fresh values from the server (after a save here or elsewhere) replace the form's, unless the
  // admin is typing in it.
  useEffect(() => {
    if (!formState.isDirty) reset(values);
  }, [values, reset, formState.isDirty]);

  const save = useMutation(
    saveSettingsMutation({
      onSuccess: (saved) => {
        const mine = saved.filter((s) => s.category === category);
        reset(Object.fromEntries(mine.map((s) => [fieldOf(s.key), s.value])));
      },
      onError: reportOn(form, fields, {
        title: 'Échec de l’enregistrement',
        toField: fieldOf,
      }),
    }),
  );

  /** Only the fields the admin changed are sent: saving the card never rewrites the others. */
  const submit = (input: Record<string, string>) => {
    const changed = Object.fromEntries(
      Object.entries(input).filter(([field]) => dirtyFields[field] === true),
    );
    if (Object.keys(changed).length === 0) {
      toast({ title: 'Aucune modification à enregistrer', description: settingCategoryLabel(category) });
      return;
    }
    save.mutate({
      category,
      values: Object.fromEntries(Object.entries(changed).map(([field, value]) => [keyOf(field), value])),
    });
  };

  const field = fieldProps(form.register, formState.errors);
  const isPrivate = (PRIVATE_SETTING_CATEGORIES as readonly string[]).includes(category);
  const titleId = `settings-${category}`;
  return (
    <Card aria-labelledby={titleId}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {settingCategoryLabel(category)}
        </h2>
        {isPrivate ? (
          <Badge tone="amber">
            <Lock className="mr-1 size-3" aria-hidden="true" />
            Privé
          </Badge>
        ) : null}
      </div>
      {CATEGORY_HINTS[category] ? (
        <p className="-mt-2 mb-4 text-sm text-gray-600">{CATEGORY_HINTS[category]}</p>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          {settings.map((setting) => {
            const name = fieldOf(setting.key);
            const long = isLongSetting(setting.key);
            return (
              <div key={setting.key} className={long ? 'md:col-span-2' : undefined}>
                {isBooleanSetting(setting.key) ? (
                  <label className="flex flex-col gap-1.5 text-sm font-medium text-gray-900">
                    {settingLabel(setting.key)}
                    <select
                      className="h-11 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
                      {...form.register(name)}
                    >
                      <option value="true">Activé</option>
                      <option value="false">Désactivé</option>
                    </select>
                  </label>
                ) : long ? (
                  <TextAreaField label={settingLabel(setting.key)} {...field(name)} />
                ) : (
                  <TextField
                    label={settingLabel(setting.key)}
                    inputMode={
                      setting.key.includes('phone') || setting.key.includes('whatsapp') ? 'tel' : undefined
                    }
                    {...field(name)}
                  />
                )}
                {setting.description ? (
                  <p className="mt-1 text-xs text-gray-600">{setting.description}</p>
                ) : null}
              </div>
            );
          })}
        </div>
        <PanelSubmit pending={save.isPending} label="Enregistrer" />
      </form>
    </Card>
  );
}
