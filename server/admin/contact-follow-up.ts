/**
 * Following a lead (docs/decisions/066-lead-follow-up.md): who follows it (its owner, an admin),
 * what is next (a next action with its date and time) and its timeline: the notes the staff write
 * and what they did, each with who and when. A change, its timeline entry, its activity log entry
 * and its real-time event are one transaction.
 */
import { and, desc, eq, like, or } from 'drizzle-orm';
import { calendarDay, callTimeWords, clockTime } from '#common/call-time.ts';
import type { ContactNoteKind, ContactTouchKind } from '#common/enums.ts';
import { KINSHASA_TIME_ZONE, kinshasaDayAndHour } from '#common/kinshasa.ts';
import {
  type AdminContact,
  CONTACT_STATUS_LABELS,
  type ContactFollowUp,
  type ContactTimelineEntry,
} from '#common/schemas/admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { type ContactNote, type ContactRequest, contactNotes, contactRequests } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { badRequest } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import {
  activeAdminName,
  addTimelineEntry,
  adminNames,
  changeContact,
  presentContacts,
  presentWithAdminNames,
  setLockedContact,
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

/** Whether there is a lead with that id. */
const leadExists = (db: Database, id: string) => hasRow(db, contactRequests, eq(contactRequests.id, id));

/** The lead's timeline, newest first; undefined when there is no such lead. */
export async function contactTimeline(db: Database, id: string): Promise<ContactTimelineEntry[] | undefined> {
  if (!(await leadExists(db, id))) return undefined;
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
    if (!(await leadExists(tx, input.id))) return undefined;
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
        const ownerName = await activeAdminName(tx, ownerId);
        if (!ownerName) {
          throw badRequest('Certains champs sont invalides.', { ownerId: 'Responsable introuvable' });
        }
        set.ownerId = ownerId;
        await write('owner', `Responsable : ${ownerName}`);
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
    const updated = await setLockedContact(tx, current.id, set, 'contact vanished during follow-up change');
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

/** How a booking's owner entry starts: what tells it from the staff's choice of an owner. */
const CALL_OWNER_PREFIX = 'Responsable : ';

/** What happened to the lead's discovery call (server/booking/desk.ts). */
export type CallChange =
  | { change: 'booked'; startsAt: Date; adminId: string }
  | {
      change: 'moved';
      startsAt: Date;
      adminId: string;
      formerStartsAt: Date;
      formerAdminId: string;
      byStaff?: string;
    }
  /** `byStaff`: the admin who moved or cancelled it for the agency; absent when the visitor did. */
  | { change: 'cancelled'; startsAt: Date; byStaff?: string };

/**
 * The discovery call's life in its lead's history (docs/product.md §2.2 "Rendez-vous"), written in
 * the change's own transaction. A booked call gives the lead to the admin who takes it and makes it
 * "En cours", unless the staff decided already: an owner already there stays, and so does a status
 * beyond "Nouveau". A call moved to a colleague takes the lead along only when the booking had set
 * its owner (no admin has chosen one since). The visitor's own changes have no admin for author.
 */
export async function noteCallChange(db: Database, input: { contactId: string } & CallChange): Promise<void> {
  const [lead] = await db
    .select({ ownerId: contactRequests.ownerId, status: contactRequests.status })
    .from(contactRequests)
    .where(eq(contactRequests.id, input.contactId))
    .for('update');
  if (!lead) return;
  const note = (body: string, userId: string | null = null) =>
    addTimelineEntry(db, { contactId: input.contactId, kind: 'booking', body, userId });
  const kinshasa = (at: Date) => callTimeWords(at, KINSHASA_TIME_ZONE).when;
  const names = await adminNames(db, [input.change === 'cancelled' ? null : input.adminId]);
  const nameOf = (id: string) => names.get(id) ?? 'un membre de l’équipe';

  if (input.change === 'cancelled') {
    await note(
      input.byStaff
        ? `Appel découverte du ${kinshasa(input.startsAt)} annulé par l’équipe : le contact peut choisir une autre heure`
        : `Appel découverte du ${kinshasa(input.startsAt)} annulé par le contact`,
      input.byStaff ?? null,
    );
    return;
  }
  if (input.change === 'booked') {
    await note(
      `Appel découverte réservé par le contact : ${kinshasa(input.startsAt)}, avec ${nameOf(input.adminId)}`,
    );
  } else {
    const former = `${calendarDay(input.formerStartsAt, KINSHASA_TIME_ZONE)} à ${clockTime(input.formerStartsAt, KINSHASA_TIME_ZONE)}`;
    await note(
      `Appel découverte déplacé par ${input.byStaff ? 'l’équipe' : 'le contact'} : du ${former} au ${kinshasa(input.startsAt)}, avec ${nameOf(input.adminId)}`,
      input.byStaff ?? null,
    );
  }

  const set: Partial<Pick<ContactRequest, 'ownerId' | 'status'>> = {};
  const takesOver =
    input.change === 'booked'
      ? lead.ownerId === null
      : input.formerAdminId !== input.adminId &&
        lead.ownerId === input.formerAdminId &&
        (await ownerSetByBooking(db, input.contactId));
  if (takesOver) {
    set.ownerId = input.adminId;
    await note(`${CALL_OWNER_PREFIX}${nameOf(input.adminId)}, qui prend l’appel`);
  }
  if (input.change === 'booked' && lead.status === 'nouveau') {
    set.status = 'en_cours';
    await note(`Statut : ${CONTACT_STATUS_LABELS.nouveau} → ${CONTACT_STATUS_LABELS.en_cours}`);
  }
  if (Object.keys(set).length > 0) {
    await db.update(contactRequests).set(set).where(eq(contactRequests.id, input.contactId));
  }
}

/** Whether the lead's owner was last set by a booking rather than chosen by an admin. */
async function ownerSetByBooking(db: Database, contactId: string): Promise<boolean> {
  const [last] = await db
    .select({ kind: contactNotes.kind })
    .from(contactNotes)
    .where(
      and(
        eq(contactNotes.contactId, contactId),
        or(
          eq(contactNotes.kind, 'owner'),
          and(eq(contactNotes.kind, 'booking'), like(contactNotes.body, `${CALL_OWNER_PREFIX}%`)),
        ),
      ),
    )
    .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
    .limit(1);
  return last?.kind === 'booking';
}
