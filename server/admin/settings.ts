/**
 * Site settings and company figures for the back-office (decision 016). Every change is one
 * transaction with its activity-log row; the public pages read the tables on each request
 * (server/content/public-content.ts), so a change shows at the next page view.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminSetting,
  type AdminStat,
  formatStat,
  type SettingsUpdate,
  type StatInputSchema,
  type StatUpdateSchema,
  settingLabel,
} from '#common/schemas/settings-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { insertRow } from '#db/rows.ts';
import { type CompanyStat, companyStats, type SiteSetting, siteSettings } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { badRequest, HttpError } from '../errors.ts';

const presentSetting = (row: SiteSetting): AdminSetting => ({
  key: row.key,
  value: row.value,
  category: row.category,
  description: row.description,
  updatedAt: row.updatedAt.toISOString(),
});

export const listSettings = (db: Database): Promise<AdminSetting[]> =>
  listPresented(db, siteSettings, [asc(siteSettings.category), asc(siteSettings.key)], presentSetting);

/** Quoted and shortened for the log: long texts are cut, empty values named. */
function quote(value: string): string {
  if (value === '') return '(vide)';
  return `« ${value.length > 120 ? `${value.slice(0, 117)}...` : value} »`;
}

/**
 * Writes the values that changed (the same value again writes and logs nothing). Unknown keys
 * are refused, whole: nothing is written when one of them is wrong.
 */
export async function updateSettings(
  db: Database,
  values: SettingsUpdate,
  adminId: string,
): Promise<AdminSetting[]> {
  const keys = Object.keys(values);
  await inTransaction(db, async (tx) => {
    const rows = await tx.select().from(siteSettings).where(inArray(siteSettings.key, keys)).for('update');
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const unknown = keys.filter((k) => !byKey.has(k));
    if (unknown.length > 0) {
      throw badRequest(
        'Certains champs sont invalides.',
        Object.fromEntries(unknown.map((k) => [k, 'Paramètre inconnu.'])),
      );
    }
    const changes: string[] = [];
    const labels: string[] = [];
    for (const key of keys) {
      const row = byKey.get(key);
      const value = values[key] as string;
      if (!row || row.value === value) continue;
      await tx.update(siteSettings).set({ value }).where(eq(siteSettings.key, key));
      labels.push(settingLabel(key));
      changes.push(`${settingLabel(key)} (${key}) : ${quote(row.value)} → ${quote(value)}`);
    }
    if (changes.length === 0) return;
    await logActivity(tx, {
      type: 'setting.updated',
      title:
        labels.length === 1
          ? `Paramètre modifié : ${labels[0]}`
          : `Paramètres modifiés (${labels.length}) : ${labels.join(', ')}`,
      description: changes.join('\n'),
      userId: adminId,
    });
  });
  return listSettings(db);
}

// ---------------------------------------------------------------------------------------------
// Company figures
// ---------------------------------------------------------------------------------------------

const presentStat = (row: CompanyStat): AdminStat => ({
  id: row.id,
  name: row.name,
  value: row.value,
  unit: row.unit,
  description: row.description,
  order: row.order,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});

const statOrder = [asc(companyStats.order), asc(companyStats.name), asc(companyStats.id)];

export const listStats = (db: Database): Promise<AdminStat[]> =>
  listPresented(db, companyStats, statOrder, presentStat);

const statNotFound = () => new HttpError(404, 'not_found', 'Chiffre clé introuvable.');

export async function createStat(
  db: Database,
  input: z.output<typeof StatInputSchema>,
  adminId: string,
): Promise<AdminStat> {
  return inTransaction(db, async (tx) => {
    // Without an order, the new figure goes last.
    const order =
      input.order ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${companyStats.order}) + 1, 0)::int` })
          .from(companyStats)
      )[0]?.next ??
      0;
    const row = await insertRow(tx, companyStats, { ...input, order });
    await logActivity(tx, {
      type: 'stat.created',
      title: `Chiffre clé ajouté : ${row.name} (${formatStat(row)})`,
      description: row.isActive ? null : 'Masqué sur le site',
      userId: adminId,
    });
    return presentStat(row);
  });
}

export async function updateStat(
  db: Database,
  id: string,
  input: z.output<typeof StatUpdateSchema>,
  adminId: string,
): Promise<AdminStat> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(companyStats).where(eq(companyStats.id, id)).for('update');
    if (!current) throw statNotFound();
    if (Object.keys(input).length === 0) return presentStat(current);
    const [row] = await tx.update(companyStats).set(input).where(eq(companyStats.id, id)).returning();
    if (!row) throw statNotFound();
    const details: string[] = [];
    if (current.name !== row.name) details.push(`Nom : ${quote(current.name)} → ${quote(row.name)}`);
    if (formatStat(current) !== formatStat(row))
      details.push(`Valeur : ${formatStat(current)} → ${formatStat(row)}`);
    if (current.description !== row.description) details.push('Description modifiée');
    if (current.order !== row.order) details.push(`Ordre : ${current.order} → ${row.order}`);
    if (current.isActive !== row.isActive)
      details.push(row.isActive ? 'Affiché sur le site' : 'Masqué sur le site');
    if (details.length > 0) {
      await logActivity(tx, {
        type: 'stat.updated',
        title: `Chiffre clé modifié : ${row.name} (${formatStat(row)})`,
        description: details.join('\n'),
        userId: adminId,
      });
    }
    return presentStat(row);
  });
}

export async function deleteStat(db: Database, id: string, adminId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(companyStats).where(eq(companyStats.id, id)).returning();
    if (!row) throw statNotFound();
    await logActivity(tx, {
      type: 'stat.deleted',
      title: `Chiffre clé supprimé : ${row.name} (${formatStat(row)})`,
      userId: adminId,
    });
  });
}

/** Renumbers the figures 0, 1, 2... in the given order; the list must name each figure once. */
export async function reorderStats(db: Database, ids: string[], adminId: string): Promise<AdminStat[]> {
  await inTransaction(db, async (tx) => {
    const rows = await tx.select().from(companyStats).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || ids.some((i) => !known.has(i))) {
      throw badRequest('Certains champs sont invalides.', {
        ids: 'L’ordre doit citer chaque chiffre clé une fois.',
      });
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    let changed = false;
    for (const [index, id] of ids.entries()) {
      if (byId.get(id)?.order === index) continue;
      changed = true;
      await tx.update(companyStats).set({ order: index }).where(eq(companyStats.id, id));
    }
    if (!changed) return;
    await logActivity(tx, {
      type: 'stat.reordered',
      title: 'Chiffres clés réordonnés',
      description: ids.map((id, i) => `${i + 1}. ${byId.get(id)?.name ?? id}`).join('\n'),
      userId: adminId,
    });
  });
  return listStats(db);
}
