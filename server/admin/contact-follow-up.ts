/**
 * Following a lead (docs/decisions/066-lead-follow-up.md): who follows it (its owner, an admin),
 * what is next (a next action with its date and time) and its timeline: the notes the staff write
 * and what they did, each with who and when. A change, its timeline entry, its activity log entry
 * and its real-time event are one transaction.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ContactNoteKind, ContactTouchKind } from '#common/enums.ts';
import type { AdminContact, ContactFollowUp, ContactTimelineEntry } from '#common/schemas/admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import {
  adminUsers,
  type ContactNote,
  type ContactRequest,
  contactNotes,
  contactRequests,
} from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { kinshasaDayAndHour } from '../calendar/kinshasa.ts';
import { badRequest } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import {
  addTimelineEntry,
  adminNames,
  changeContact,
  presentContacts,
  presentWithAdminNames,
} from './contacts.ts';

type Events = Pick<EventBus, 'publish'>;

/** The most recent entries a lead's panel shows. */
export const TIMELINE_LIMIT = 200;

/** What a quick action writes in the timeline. */
export const CONTACT_TOUCH_TEXTS: Record<ContactTouchKind, string> = {
  email: 'Email écrit',
  call: 'Appel lancé',
  whatsapp: 'WhatsApp ouvert',
};

function presentEntry(row: ContactNote, names: Map<string, string>): ContactTimelineEntry {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    author: row.userId ? (names.get(row.userId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The lead's timeline, newest first; undefined when there is no such lead. */
export async function contactTimeline(db: Database, id: string): Promise<ContactTimelineEntry[] | undefined> {
  const [lead] = await db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!lead) return undefined;
  const rows = await db
    .select()
    .from(contactNotes)
    .where(eq(contactNotes.contactId, id))
    .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
    .limit(TIMELINE_LIMIT);
  return presentWithAdminNames(db, rows, (row) => row.userId, presentEntry);
}

/**
 * A note written by an admin, or a quick action they opened (email, call, WhatsApp): one entry in
 * the lead's timeline. Undefined when there is no such lead.
 */
export async function addContactNote(
  db: Database,
  events: Events,
  input: { id: string; kind: 'note' | ContactTouchKind; body: string; adminId: string },
): Promise<ContactTimelineEntry | undefined> {
  return inTransaction(db, async (tx) => {
    const [lead] = await tx
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(eq(contactRequests.id, input.id));
    if (!lead) return undefined;
    const row = await addTimelineEntry(tx, {
      contactId: input.id,
      kind: input.kind,
      body: input.body,
      userId: input.adminId,
    });
    await events.publish(tx, { channel: 'contacts', type: 'contact_updated', data: { id: input.id } });
    return presentEntry(row, await adminNames(tx, [input.adminId]));
  });
}

/**
 * Changes who follows the lead and what is next; each change is written in the timeline and the
 * activity log. The owner must be an active admin. Sending what is already there changes nothing.
 */
export async function updateContactFollowUp(
  db: Database,
  events: Events,
  input: { id: string; changes: ContactFollowUp; adminId: string },
): Promise<AdminContact | undefined> {
  return changeContact(db, input.id, async (tx, current) => {
    const { ownerId, nextActionAt, nextActionNote } = input.changes;
    const set: Partial<Pick<ContactRequest, 'ownerId' | 'nextActionAt' | 'nextActionNote'>> = {};
    const written: string[] = [];
    const write = async (kind: ContactNoteKind, body: string) => {
      written.push(body);
      await addTimelineEntry(tx, { contactId: current.id, kind, body, userId: input.adminId });
    };

    if (ownerId !== undefined && ownerId !== current.ownerId) {
      if (ownerId === null) {
        set.ownerId = null;
        await write('owner', 'Responsable retiré');
      } else {
        const [owner] = await tx
          .select()
          .from(adminUsers)
          .where(and(eq(adminUsers.id, ownerId), eq(adminUsers.isActive, true)));
        if (!owner) {
          throw badRequest('Certains champs sont invalides.', { ownerId: 'Responsable introuvable' });
        }
        set.ownerId = owner.id;
        await write('owner', `Responsable : ${adminFullName(owner)}`);
      }
    }

    if (nextActionAt === null && current.nextActionAt !== null) {
      set.nextActionAt = null;
      set.nextActionNote = null;
      await write('next_action', 'Prochaine action retirée');
    } else if (nextActionAt) {
      const at = new Date(nextActionAt);
      const note = nextActionNote ?? '';
      if (at.getTime() !== current.nextActionAt?.getTime() || note !== current.nextActionNote) {
        set.nextActionAt = at;
        set.nextActionNote = note;
        await write('next_action', `Prochaine action : ${note}, le ${kinshasaDayAndHour(at)}`);
      }
    }

    if (written.length === 0) return (await presentContacts(tx, [current]))[0];
    const [updated] = await tx
      .update(contactRequests)
      .set(set)
      .where(eq(contactRequests.id, current.id))
      .returning();
    if (!updated) throw new Error('contact vanished during follow-up change');
    await logActivity(tx, {
      type: 'contact.follow_up_changed',
      title: `Suivi du contact ${updated.fullName}`,
      description: written.join(' · '),
      userId: input.adminId,
    });
    await events.publish(
      tx,
      { channel: 'contacts', type: 'contact_updated', data: { id: updated.id } },
      { channel: 'dashboard', type: 'stats_update', data: {} },
    );
    return (await presentContacts(tx, [updated]))[0];
  });
}
