/**
 * The team for the back-office (decision 014): every member (hidden ones too) in the public order,
 * creation, changes, moves and deletion. Each change writes its activity row in its transaction.
 * Photos are uploads (common/schemas/media.ts): the caller releases a replaced or removed photo
 * once the transaction has committed (server/media/release.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import type { AdminTeamMember, TeamMemberInputSchema, TeamMemberPatch } from '#common/schemas/team-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { type TeamMember, teamMembers } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import {
  changedFields,
  changesOf,
  directionWord,
  moveInTable,
  nextOrder,
  visibilityOnly,
} from './ordering.ts';

type TeamMemberInput = z.output<typeof TeamMemberInputSchema>;

/** pg_advisory_xact_lock key of moves in the team order (see server/admin/services.ts). */
const TEAM_ORDER_LOCK_KEY = 727_100_011;

export function presentAdminTeamMember(row: TeamMember): AdminTeamMember {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    bio: row.bio,
    skills: row.skills,
    photoUrl: row.photoUrl,
    photoFocusX: row.photoFocusX,
    photoFocusY: row.photoFocusY,
    linkedinUrl: row.linkedinUrl,
    twitterUrl: row.twitterUrl,
    order: row.order,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public site's order (server/content/public-content.ts), the id breaking ties. */
const TEAM_ORDER = [asc(teamMembers.order), asc(teamMembers.name), asc(teamMembers.id)];

export const listAdminTeam = (db: Database): Promise<AdminTeamMember[]> =>
  listPresented(db, teamMembers, TEAM_ORDER, presentAdminTeamMember);

export async function createTeamMember(
  db: Database,
  input: TeamMemberInput,
  adminId: string,
): Promise<AdminTeamMember> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(teamMembers)
      .values({
        name: input.name,
        position: input.position,
        bio: input.bio ?? '',
        skills: input.skills ?? [],
        photoUrl: input.photoUrl ?? null,
        photoFocusX: input.photoFocusX ?? 50,
        photoFocusY: input.photoFocusY ?? 50,
        linkedinUrl: input.linkedinUrl ?? null,
        twitterUrl: input.twitterUrl ?? null,
        order: input.order ?? (await nextOrder(tx, teamMembers, teamMembers.order)),
        isActive: input.isActive ?? true,
      })
      .returning();
    if (!row) throw new Error('team member insert returned nothing');
    await logActivity(tx, {
      type: 'team.created',
      title: `${row.name} ajouté(e) à l’équipe`,
      description: `${row.position}${row.isActive ? '' : ', masqué(e) du site'}`,
      userId: adminId,
    });
    return presentAdminTeamMember(row);
  });
}

const FIELD_LABELS: Record<keyof TeamMemberPatch, string> = {
  name: 'nom',
  position: 'poste',
  bio: 'biographie',
  skills: 'compétences',
  photoUrl: 'photo',
  photoFocusX: 'cadrage de la photo',
  photoFocusY: 'cadrage de la photo',
  linkedinUrl: 'LinkedIn',
  twitterUrl: 'Twitter',
  order: 'ordre',
  isActive: 'visibilité',
};

/**
 * Changes the given fields. Undefined when the member does not exist; otherwise the member and
 * the photo URL this change replaced or removed (to release after the commit), if any.
 */
export async function updateTeamMember(
  db: Database,
  id: string,
  patch: TeamMemberPatch,
  adminId: string,
): Promise<{ member: AdminTeamMember; releasedPhoto: string | null } | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for('update');
    if (!current) return undefined;
    const { changed, changes } = changesOf(FIELD_LABELS, patch, current);
    if (changed.length === 0) return { member: presentAdminTeamMember(current), releasedPhoto: null };
    const [row] = await tx.update(teamMembers).set(changes).where(eq(teamMembers.id, id)).returning();
    if (!row) throw new Error('team member vanished during update');

    if (visibilityOnly(changed)) {
      await logActivity(tx, {
        type: row.isActive ? 'team.activated' : 'team.deactivated',
        title: row.isActive ? `${row.name} affiché(e) sur le site` : `${row.name} masqué(e) du site`,
        userId: adminId,
      });
    } else {
      const parts = [changedFields(changed, FIELD_LABELS)];
      if (current.name !== row.name) parts.push(`ancien nom « ${current.name} »`);
      await logActivity(tx, {
        type: 'team.updated',
        title: `Fiche de ${row.name} modifiée`,
        description: parts.join(' ; '),
        userId: adminId,
      });
    }
    const releasedPhoto = changed.includes('photoUrl') ? current.photoUrl : null;
    return { member: presentAdminTeamMember(row), releasedPhoto };
  });
}

/**
 * Moves a member one place up or down in the order the site shows; the team is then numbered
 * 0, 1, 2... False when unknown; at either end nothing changes and nothing is logged.
 */
export async function moveTeamMember(
  db: Database,
  id: string,
  direction: MoveDirection,
  adminId: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const move = await moveInTable<TeamMember>(
      tx,
      { table: teamMembers, orderBy: TEAM_ORDER, lockKey: TEAM_ORDER_LOCK_KEY },
      id,
      direction,
    );
    if (move === undefined) return false;
    if (move === null) return true;
    await logActivity(tx, {
      type: 'team.reordered',
      title: `${move.moved.name} déplacé(e) vers le ${directionWord(direction)} de l’équipe`,
      description: `Position ${move.position} sur ${move.count}`,
      userId: adminId,
    });
    return true;
  });
}

/** Deletes a member; undefined when unknown, else the deleted member (its photo is to release). */
export async function deleteTeamMember(
  db: Database,
  id: string,
  adminId: string,
): Promise<AdminTeamMember | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
    if (!row) return undefined;
    await logActivity(tx, {
      type: 'team.deleted',
      title: `${row.name} retiré(e) de l’équipe`,
      description: row.position,
      userId: adminId,
    });
    return presentAdminTeamMember(row);
  });
}
