/**
 * Services for the back-office (decision 014): the tree as the admin sees it (inactive ones
 * included), creation, changes, moves within a level and deletion with an explicit choice for the
 * children.
 *
 * The tree has two levels, as the public site shows it (app/routes/services.tsx groups children
 * under top-level services, and hiding a parent hides its children): a parent is a top-level
 * service, and a service with children cannot become a child. Changes to the tree are serialised
 * by a transaction-level advisory lock, so two admins cannot build a cycle between them.
 */
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminService } from '#common/schemas/admin.ts';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import type {
  ServiceChildrenChoice,
  ServiceInputSchema,
  ServicePatch,
} from '#common/schemas/services-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow, insertRow } from '#db/rows.ts';
import { type Service, services } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { HttpError } from '../errors.ts';
import { changedFields, directionWord, moveInOrder, nextOrder, visibilityOnly } from './ordering.ts';

/** pg_advisory_xact_lock key of service-tree changes (db/migrate.ts and server/seed.ts use 727_100_00x). */
export const SERVICE_TREE_LOCK_KEY = 727_100_010;

type ServiceInput = z.output<typeof ServiceInputSchema>;

export function presentAdminService(row: Service): AdminService {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    parentServiceId: row.parentServiceId,
    order: row.order,
    isActive: row.isActive,
  };
}

/**
 * Every service, inactive ones included, as a tree read top-down: each top-level service (by
 * order) followed by its children (by order).
 */
export async function listAdminServices(db: Database): Promise<AdminService[]> {
  const rows = await db
    .select()
    .from(services)
    .orderBy(asc(services.order), asc(services.title), asc(services.id));
  const topLevel = rows.filter((s) => s.parentServiceId === null);
  const ordered: Service[] = [];
  for (const parent of topLevel) {
    ordered.push(parent);
    ordered.push(...rows.filter((s) => s.parentServiceId === parent.id));
  }
  // Deeper levels (a child's child) cannot be made here; keep any anyway, last.
  const placed = new Set(ordered.map((s) => s.id));
  ordered.push(...rows.filter((s) => !placed.has(s.id)));
  return ordered.map(presentAdminService);
}

const invalidParent = (message: string) =>
  new HttpError(400, 'validation_error', 'Certains champs sont invalides.', { parentServiceId: message });

/** A change of the tree: one transaction holding the tree's lock, so changes run one after the other. */
function inTreeTransaction<T>(db: Database, change: (tx: Database) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SERVICE_TREE_LOCK_KEY})`);
    return change(tx);
  });
}

const sameParent = (parentId: string | null) =>
  parentId === null ? isNull(services.parentServiceId) : eq(services.parentServiceId, parentId);

/** Refuses a parent that would break the tree; `serviceId` is null for a new service. */
async function checkParent(tx: Database, serviceId: string | null, parentId: string | null) {
  if (parentId === null) return;
  if (parentId === serviceId) throw invalidParent('Un service ne peut pas être son propre parent');
  const [parent] = await tx.select().from(services).where(eq(services.id, parentId));
  if (!parent) throw invalidParent('Service parent introuvable');
  // Walk up from the chosen parent: meeting the service itself would close a cycle.
  let ancestorId = parent.parentServiceId;
  for (let depth = 0; ancestorId !== null && depth < 50; depth++) {
    if (ancestorId === serviceId) {
      throw invalidParent('Un service ne peut pas être placé sous l’un de ses sous-services');
    }
    const [ancestor] = await tx
      .select({ parentServiceId: services.parentServiceId })
      .from(services)
      .where(eq(services.id, ancestorId));
    ancestorId = ancestor?.parentServiceId ?? null;
  }
  if (parent.parentServiceId !== null) {
    throw invalidParent(
      `« ${parent.title} » est déjà un sous-service : choisissez un service principal (deux niveaux au plus)`,
    );
  }
  if (serviceId !== null) {
    if (await hasRow(tx, services, eq(services.parentServiceId, serviceId))) {
      throw invalidParent('Ce service a des sous-services : il ne peut pas devenir lui-même un sous-service');
    }
  }
}

/** The order after the last service of that level. */
const nextOrderIn = (tx: Database, parentId: string | null) =>
  nextOrder(tx, services, services.order, sameParent(parentId));

async function titleOf(tx: Database, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ title: services.title }).from(services).where(eq(services.id, id));
  return row?.title ?? null;
}

const placeDescription = (parentTitle: string | null) =>
  parentTitle ? `Sous-service de « ${parentTitle} »` : 'Service principal';

export async function createService(
  db: Database,
  input: ServiceInput,
  adminId: string,
): Promise<AdminService> {
  return inTreeTransaction(db, async (tx) => {
    const parentId = input.parentServiceId ?? null;
    await checkParent(tx, null, parentId);
    const row = await insertRow(tx, services, {
      title: input.title,
      description: input.description,
      icon: input.icon ?? '',
      parentServiceId: parentId,
      order: input.order ?? (await nextOrderIn(tx, parentId)),
      isActive: input.isActive ?? true,
    });
    await logActivity(tx, {
      type: 'service.created',
      title: `Service « ${row.title} » créé`,
      description: `${placeDescription(await titleOf(tx, parentId))}${row.isActive ? '' : ', masqué du site'}`,
      userId: adminId,
    });
    return presentAdminService(row);
  });
}

const FIELD_LABELS: Record<keyof ServicePatch, string> = {
  title: 'titre',
  description: 'description',
  icon: 'icône',
  parentServiceId: 'service parent',
  order: 'ordre',
  isActive: 'visibilité',
};

/** Changes the given fields; undefined when the service does not exist. */
export async function updateService(
  db: Database,
  id: string,
  patch: ServicePatch,
  adminId: string,
): Promise<AdminService | undefined> {
  return inTreeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(services).where(eq(services.id, id));
    if (!current) return undefined;
    const changes: Partial<typeof services.$inferInsert> = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.icon !== undefined) changes.icon = patch.icon;
    if (patch.isActive !== undefined) changes.isActive = patch.isActive;
    if (patch.order !== undefined) changes.order = patch.order;
    if (patch.parentServiceId !== undefined && patch.parentServiceId !== current.parentServiceId) {
      await checkParent(tx, id, patch.parentServiceId);
      changes.parentServiceId = patch.parentServiceId;
      // Moved to another level without a position: last of its new siblings.
      if (patch.order === undefined) changes.order = await nextOrderIn(tx, patch.parentServiceId);
    }
    const changed = (Object.keys(changes) as (keyof ServicePatch)[]).filter(
      (key) => changes[key] !== current[key],
    );
    if (changed.length === 0) return presentAdminService(current);
    const [row] = await tx.update(services).set(changes).where(eq(services.id, id)).returning();
    if (!row) throw new Error('service vanished during update');

    if (visibilityOnly(changed)) {
      const [children] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(services)
        .where(eq(services.parentServiceId, id));
      const count = row.isActive ? 0 : (children?.n ?? 0);
      await logActivity(tx, {
        type: row.isActive ? 'service.activated' : 'service.deactivated',
        title: row.isActive
          ? `Service « ${row.title} » affiché sur le site`
          : `Service « ${row.title} » masqué du site`,
        description:
          count === 0
            ? null
            : count === 1
              ? 'Son sous-service est masqué avec lui'
              : `Ses ${count} sous-services sont masqués avec lui`,
        userId: adminId,
      });
    } else {
      const parts = [changedFields(changed, FIELD_LABELS)];
      if (changed.includes('parentServiceId')) {
        parts.push(placeDescription(await titleOf(tx, row.parentServiceId)));
      }
      if (current.title !== row.title) parts.push(`ancien titre « ${current.title} »`);
      await logActivity(tx, {
        type: 'service.updated',
        title: `Service « ${row.title} » modifié`,
        description: parts.join(' ; '),
        userId: adminId,
      });
    }
    return presentAdminService(row);
  });
}

/**
 * Moves a service one place up or down among its siblings (same parent). The level is then
 * numbered 0, 1, 2... so the order the admin sees is the order stored. False when unknown; at
 * either end of its level nothing changes and nothing is logged.
 */
export async function moveService(
  db: Database,
  id: string,
  direction: MoveDirection,
  adminId: string,
): Promise<boolean> {
  return inTreeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(services).where(eq(services.id, id));
    if (!current) return false;
    const siblings = await tx
      .select({ id: services.id, order: services.order })
      .from(services)
      .where(sameParent(current.parentServiceId))
      .orderBy(asc(services.order), asc(services.title), asc(services.id));
    const move = await moveInOrder(siblings, id, direction, (siblingId, order) =>
      tx.update(services).set({ order }).where(eq(services.id, siblingId)),
    );
    if (!move) return true;
    await logActivity(tx, {
      type: 'service.reordered',
      title: `Service « ${current.title} » déplacé vers le ${directionWord(direction)}`,
      description: `${placeDescription(await titleOf(tx, current.parentServiceId))}, position ${move.position} sur ${move.count}`,
      userId: adminId,
    });
    return true;
  });
}

export class ServiceHasChildrenError extends HttpError {
  constructor(title: string, children: number) {
    super(
      409,
      'service_has_children',
      `« ${title} » a ${children} sous-service${children > 1 ? 's' : ''} : indiquez s’il faut ${
        children > 1 ? 'les' : 'le'
      } rattacher au premier niveau ou ${children > 1 ? 'les' : 'le'} supprimer avec lui.`,
    );
  }
}

/**
 * Deletes a service. With children, `children` says what becomes of them: 'promote' makes them
 * top-level services (after the existing ones), 'delete' deletes them too; without it, a 409.
 * Undefined when the service does not exist.
 */
export async function deleteService(
  db: Database,
  id: string,
  choice: ServiceChildrenChoice | undefined,
  adminId: string,
): Promise<AdminService | undefined> {
  return inTreeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(services).where(eq(services.id, id));
    if (!current) return undefined;
    const children = await tx
      .select()
      .from(services)
      .where(eq(services.parentServiceId, id))
      .orderBy(asc(services.order), asc(services.title), asc(services.id));
    if (children.length > 0 && !choice) throw new ServiceHasChildrenError(current.title, children.length);

    let description: string | null = placeDescription(await titleOf(tx, current.parentServiceId));
    const names = children.map((child) => `« ${child.title} »`).join(', ');
    if (children.length > 0 && choice === 'promote') {
      const first = await nextOrderIn(tx, null);
      for (const [index, child] of children.entries()) {
        await tx
          .update(services)
          .set({ parentServiceId: null, order: first + index })
          .where(eq(services.id, child.id));
      }
      description = `Sous-services devenus services principaux : ${names}`;
    } else if (children.length > 0) {
      // Deepest first: the foreign key refuses to orphan anything (ON DELETE RESTRICT).
      const levels: string[][] = [children.map((child) => child.id)];
      for (let level = levels[0] ?? []; level.length > 0 && levels.length < 50; ) {
        const below = await tx
          .select({ id: services.id })
          .from(services)
          .where(inArray(services.parentServiceId, level));
        level = below.map((row) => row.id);
        if (level.length > 0) levels.push(level);
      }
      for (const level of levels.reverse()) await tx.delete(services).where(inArray(services.id, level));
      description = `Sous-services supprimés avec lui : ${names}`;
    }
    await tx.delete(services).where(eq(services.id, id));
    await logActivity(tx, {
      type: 'service.deleted',
      title: `Service « ${current.title} » supprimé`,
      description,
      userId: adminId,
    });
    return presentAdminService(current);
  });
}
