/**
 * The client logos for the back-office (docs/decisions/087-client-logos.md): every logo, hidden
 * ones too, in the public order; creation, changes, moves and deletion, each with its activity row
 * in its transaction. A replaced or removed logo image is released by the caller once the
 * transaction has committed (server/media/release.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import type {
  AdminClientLogo,
  ClientLogoInputSchema,
  ClientLogoPatch,
} from '#common/schemas/client-logos-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { type ClientLogo, clientLogos } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import {
  changedFields,
  changesOf,
  directionWord,
  moveInTable,
  nextOrder,
  visibilityOnly,
} from './ordering.ts';

type ClientLogoInput = z.output<typeof ClientLogoInputSchema>;

/** pg_advisory_xact_lock key of moves in the client logos' order (see server/admin/services.ts). */
const CLIENT_LOGO_ORDER_LOCK_KEY = 727_100_013;

export function presentAdminClientLogo(row: ClientLogo): AdminClientLogo {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logoUrl,
    websiteUrl: row.websiteUrl,
    isActive: row.isActive,
    isDemo: row.isDemo,
    order: row.order,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public site's order (server/content/public-content.ts), the id breaking ties. */
export const CLIENT_LOGO_ORDER = [asc(clientLogos.order), asc(clientLogos.createdAt), asc(clientLogos.id)];

export const listAdminClientLogos = (db: Database): Promise<AdminClientLogo[]> =>
  listPresented(db, clientLogos, CLIENT_LOGO_ORDER, presentAdminClientLogo);

export async function createClientLogo(
  db: Database,
  input: ClientLogoInput,
  adminId: string,
): Promise<AdminClientLogo> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(clientLogos)
      .values({
        name: input.name,
        logoUrl: input.logoUrl ?? null,
        websiteUrl: input.websiteUrl ?? null,
        order: input.order ?? (await nextOrder(tx, clientLogos, clientLogos.order)),
        isActive: input.isActive ?? true,
      })
      .returning();
    if (!row) throw new Error('client logo insert returned nothing');
    await logActivity(tx, {
      type: 'client_logo.created',
      title: `Logo de ${row.name} ajouté`,
      description: row.isActive ? 'Visible sur le site' : 'Masqué du site',
      userId: adminId,
    });
    return presentAdminClientLogo(row);
  });
}

const FIELD_LABELS: Record<keyof ClientLogoPatch, string> = {
  name: 'nom',
  logoUrl: 'logo',
  websiteUrl: 'site',
  order: 'ordre',
  isActive: 'visibilité',
};

/**
 * Changes the given fields. Undefined when the logo does not exist; otherwise the logo and the
 * image URL this change replaced or removed (to release after the commit). A change made by staff
 * to the name, image or link makes a demo logo theirs: it loses its "démo" label.
 */
export async function updateClientLogo(
  db: Database,
  id: string,
  patch: ClientLogoPatch,
  adminId: string,
): Promise<{ clientLogo: AdminClientLogo; released: string[] } | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(clientLogos).where(eq(clientLogos.id, id)).for('update');
    if (!current) return undefined;
    const { changed, changes } = changesOf(FIELD_LABELS, patch, current);
    if (changed.length === 0) return { clientLogo: presentAdminClientLogo(current), released: [] };
    const ownedNow = !visibilityOnly(changed) && !changed.every((key) => key === 'order');
    const [row] = await tx
      .update(clientLogos)
      .set(ownedNow ? { ...changes, isDemo: false } : changes)
      .where(eq(clientLogos.id, id))
      .returning();
    if (!row) throw new Error('client logo vanished during update');

    if (visibilityOnly(changed)) {
      await logActivity(tx, {
        type: row.isActive ? 'client_logo.activated' : 'client_logo.deactivated',
        title: `Logo de ${row.name} ${row.isActive ? 'affiché sur le site' : 'masqué du site'}`,
        userId: adminId,
      });
    } else {
      await logActivity(tx, {
        type: 'client_logo.updated',
        title: `Logo de ${row.name} modifié`,
        description: changedFields(changed, FIELD_LABELS),
        userId: adminId,
      });
    }
    const released = changed.includes('logoUrl') && current.logoUrl ? [current.logoUrl] : [];
    return { clientLogo: presentAdminClientLogo(row), released };
  });
}

/**
 * Moves a logo one place up or down in the order the site shows; they are then numbered 0, 1, 2...
 * False when unknown; at either end nothing changes and nothing is logged.
 */
export async function moveClientLogo(
  db: Database,
  id: string,
  direction: MoveDirection,
  adminId: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const move = await moveInTable<ClientLogo>(
      tx,
      { table: clientLogos, orderBy: CLIENT_LOGO_ORDER, lockKey: CLIENT_LOGO_ORDER_LOCK_KEY },
      id,
      direction,
    );
    if (move === undefined) return false;
    if (move === null) return true;
    await logActivity(tx, {
      type: 'client_logo.reordered',
      title: `Logo de ${move.moved.name} déplacé vers le ${directionWord(direction)}`,
      description: `Position ${move.position} sur ${move.count}`,
      userId: adminId,
    });
    return true;
  });
}

/** Deletes a logo; undefined when unknown, else the deleted one (its image is to release). */
export async function deleteClientLogo(
  db: Database,
  id: string,
  adminId: string,
): Promise<AdminClientLogo | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.delete(clientLogos).where(eq(clientLogos.id, id)).returning();
    if (!row) return undefined;
    await logActivity(tx, {
      type: 'client_logo.deleted',
      title: `Logo de ${row.name} supprimé`,
      userId: adminId,
    });
    return presentAdminClientLogo(row);
  });
}
