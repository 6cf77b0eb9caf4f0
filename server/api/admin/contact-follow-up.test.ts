import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContactTimelineEntry } from '#common/schemas/admin.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { activityLogs, adminUsers, contactNotes, contactRequests } from '#db/schema.ts';
import {
  type AdminSession,
  adminTestContext,
  createClockedAdminApp,
  signInAdmin,
} from '#tests/helpers/admin-session.ts';
import { waitForEvent } from '#tests/helpers/events.ts';
import { insertAdminUser, insertContact } from '#tests/helpers/factories.ts';

const context = adminTestContext({ events: true });
const { events } = context;
let database: DatabaseHandle;
let admin: AdminSession;
const adminName = () => `${admin.user.firstName} ${admin.user.lastName}`.trim();

beforeAll(() => {
  ({ database, admin } = context);
});
beforeEach(() => {
  events.length = 0;
});

const url = (id: string, part: string) => `/api/admin/contacts/${id}/${part}`;
const followUp = (id: string, body: unknown) => admin.patch(url(id, 'follow-up')).send(body as object);
const timeline = async (id: string) =>
  ((await admin.get(url(id, 'timeline')).expect(200)).body as { entries: ContactTimelineEntry[] }).entries;
const newLead = (fullName: string) => insertContact(database.db, { fullName });

describe('PATCH /api/admin/contacts/:id/follow-up: the owner', () => {
  it('gives the lead an owner, shown on the lead and in its timeline, logged and broadcast', async () => {
    const lead = await newLead('Patrick Owner');
    const { user: colleague } = await insertAdminUser(database.db, {
      firstName: 'Nadine',
      lastName: 'Kapinga',
    });

    const res = await followUp(lead.id, { ownerId: colleague.id }).expect(200);
    expect(res.body.contact.owner).toEqual({ id: colleague.id, name: 'Nadine Kapinga' });
    expect((await admin.get(`/api/admin/contacts/${lead.id}`).expect(200)).body.contact.owner.name).toBe(
      'Nadine Kapinga',
    );
    const listed = await admin.get('/api/admin/contacts?q=Patrick%20Owner').expect(200);
    expect(listed.body.items[0].owner).toEqual({ id: colleague.id, name: 'Nadine Kapinga' });

    const [entry] = await timeline(lead.id);
    expect(entry).toMatchObject({ kind: 'owner', body: 'Responsable : Nadine Kapinga', author: adminName() });
    const event = await waitForEvent(events, (e) => e.type === 'contact_updated');
    expect(event).toEqual({ channel: 'contacts', type: 'contact_updated', data: { id: lead.id } });
    const logs = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'contact.follow_up_changed'), eq(activityLogs.userId, admin.user.id)));
    expect(logs.map((log) => [log.title, log.description])).toContainEqual([
      'Suivi du contact Patrick Owner',
      'Responsable : Nadine Kapinga',
    ]);

    // Taken back: no owner, and the timeline says so.
    const cleared = await followUp(lead.id, { ownerId: null }).expect(200);
    expect(cleared.body.contact.owner).toBeNull();
    expect((await timeline(lead.id))[0]?.body).toBe('Responsable retiré');
  });

  it('refuses an owner who is not an active admin, with a French message on the field', async () => {
    const lead = await newLead('Refus Owner');
    const { user: gone } = await insertAdminUser(database.db, { isActive: false });
    for (const ownerId of [gone.id, '0b6f3c1e-8a52-4f0e-9a4e-3d2b1c0a9f87']) {
      const res = await followUp(lead.id, { ownerId }).expect(400);
      expect(res.body.error.fields).toEqual({ ownerId: 'Responsable introuvable' });
    }
    const bad = await followUp(lead.id, { ownerId: 'moi' }).expect(400);
    expect(bad.body.error.fields).toEqual({ ownerId: 'Responsable invalide' });
    const [row] = await database.db.select().from(contactRequests).where(eq(contactRequests.id, lead.id));
    expect(row?.ownerId).toBeNull();
    expect(await timeline(lead.id)).toEqual([]);
  });
});

describe('PATCH /api/admin/contacts/:id/follow-up: the next action', () => {
  it('is set in Kinshasa time, shown on the lead and written in the timeline; the same again changes nothing', async () => {
    const lead = await newLead('Next Action');
    const res = await followUp(lead.id, {
      nextActionAt: '2026-11-28T10:00:00+01:00',
      nextActionNote: '  Rappeler pour le devis  ',
    }).expect(200);
    expect(res.body.contact).toMatchObject({
      nextActionAt: '2026-11-28T09:00:00.000Z',
      nextActionNote: 'Rappeler pour le devis',
    });
    expect(await timeline(lead.id)).toMatchObject([
      {
        kind: 'next_action',
        body: 'Prochaine action : Rappeler pour le devis, le 28/11/2026 à 10:00',
        author: adminName(),
      },
    ]);

    await followUp(lead.id, {
      nextActionAt: '2026-11-28T09:00:00Z',
      nextActionNote: 'Rappeler pour le devis',
    }).expect(200);
    expect(await timeline(lead.id)).toHaveLength(1);

    const cleared = await followUp(lead.id, { nextActionAt: null }).expect(200);
    expect(cleared.body.contact).toMatchObject({ nextActionAt: null, nextActionNote: null });
    expect((await timeline(lead.id))[0]?.body).toBe('Prochaine action retirée');
  });

  it('refuses a date without an action, a malformed date and an empty change, with French messages', async () => {
    const lead = await newLead('Next Refus');
    const cases: [unknown, Record<string, string>][] = [
      [{ nextActionAt: '2026-11-28T10:00:00+01:00' }, { nextActionNote: 'Décrivez la prochaine action' }],
      [
        { nextActionAt: '2026-11-28T10:00:00+01:00', nextActionNote: '   ' },
        { nextActionNote: 'Décrivez la prochaine action' },
      ],
      [{ nextActionAt: 'demain', nextActionNote: 'Rappeler' }, { nextActionAt: 'Date et heure invalides' }],
      [
        { nextActionAt: '2026-11-28T10:00:00+01:00', nextActionNote: 'x'.repeat(201) },
        { nextActionNote: 'Action trop longue (200 caractères au plus)' },
      ],
      [{}, { _: 'Rien à modifier' }],
      [{ status: 'traite' }, { _: 'Champ non autorisé : status.' }],
    ];
    for (const [body, fields] of cases) {
      const res = await followUp(lead.id, body).expect(400);
      expect(res.body.error.fields).toEqual(fields);
    }
    expect(await timeline(lead.id)).toEqual([]);
  });
});

describe('the timeline: notes, quick actions and status changes', () => {
  it('keeps notes and quick actions with who and when, newest first, beside status changes', async () => {
    const lead = await newLead('Timeline Note');
    const note = await admin
      .post(url(lead.id, 'notes'))
      .send({ body: 'A appelé : veut un devis pour le site et les réseaux.\nRappeler lundi.' })
      .expect(201);
    expect(note.body.entry).toMatchObject({
      kind: 'note',
      body: 'A appelé : veut un devis pour le site et les réseaux.\nRappeler lundi.',
      author: adminName(),
    });
    await waitForEvent(events, (e) => e.type === 'contact_updated');
    await admin.post(url(lead.id, 'touches')).send({ kind: 'whatsapp' }).expect(201);
    await admin.patch(`/api/admin/contacts/${lead.id}/status`).send({ status: 'en_cours' }).expect(200);

    const entries = await timeline(lead.id);
    expect(entries.map((e) => [e.kind, e.body])).toEqual([
      ['status', 'Statut : Nouveau → En cours'],
      ['whatsapp', 'WhatsApp ouvert'],
      ['note', 'A appelé : veut un devis pour le site et les réseaux.\nRappeler lundi.'],
    ]);
    expect(entries.every((e) => e.author === adminName())).toBe(true);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses an empty note and an unknown quick action, and answers 404 for a lead that does not exist', async () => {
    const lead = await newLead('Timeline Refus');
    expect(
      (await admin.post(url(lead.id, 'notes')).send({ body: '  ' }).expect(400)).body.error.fields,
    ).toEqual({
      body: 'Écrivez la note',
    });
    expect(
      (await admin.post(url(lead.id, 'touches')).send({ kind: 'sms' }).expect(400)).body.error.fields,
    ).toEqual({ kind: 'Action invalide' });

    const missing = '0b6f3c1e-8a52-4f0e-9a4e-3d2b1c0a9f87';
    const answers = [
      await admin.get(url(missing, 'timeline')),
      await admin.post(url(missing, 'notes')).send({ body: 'Bonjour' }),
      await admin.post(url(missing, 'touches')).send({ kind: 'call' }),
      await followUp(missing, { ownerId: null }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Contact introuvable.');
    }
    const notes = await database.db.select().from(contactNotes).where(eq(contactNotes.contactId, lead.id));
    expect(notes).toEqual([]);
  });

  it('is removed with its lead, and outlives its author as "no author"', async () => {
    const lead = await newLead('Timeline Cascade');
    const { user: author } = await insertAdminUser(database.db);
    await database.db
      .insert(contactNotes)
      .values({ contactId: lead.id, kind: 'note', body: 'Vu au salon', userId: author.id });
    await database.db.delete(adminUsers).where(eq(adminUsers.id, author.id));
    expect(await timeline(lead.id)).toMatchObject([{ body: 'Vu au salon', author: null }]);
    await database.db.delete(contactRequests).where(eq(contactRequests.id, lead.id));
    const notes = await database.db.select().from(contactNotes).where(eq(contactNotes.contactId, lead.id));
    expect(notes).toEqual([]);
  });
});

describe('the leads list by follow-up: late, due today, by owner, soonest first', () => {
  // 15:00 in Kinshasa: "today" ends at 23:00 UTC.
  const NOW = new Date('2026-11-27T14:00:00Z');
  const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
  let clocked: AdminSession;
  const names = async (query: string) =>
    (
      (await clocked.get(`/api/admin/contacts?q=Filtre&${query}`).expect(200)).body.items as {
        fullName: string;
      }[]
    ).map((item) => item.fullName);

  beforeAll(async () => {
    clocked = await signInAdmin(createClockedAdminApp(database, () => NOW).app, database.db);
    const { user: owner } = await insertAdminUser(database.db, { firstName: 'Filtre', lastName: 'Owner' });
    const lead = (
      fullName: string,
      minutesAgo: number,
      fields: Partial<typeof contactRequests.$inferInsert>,
    ) =>
      insertContact(database.db, {
        fullName,
        createdAt: new Date(NOW.getTime() - minutesAgo * 60_000),
        ...fields,
      });
    await lead('Filtre Late', 40, { ownerId: owner.id, nextActionAt: hours(-1), nextActionNote: 'Rappeler' });
    await lead('Filtre Tonight', 30, { nextActionAt: hours(5), nextActionNote: 'Envoyer le devis' });
    await lead('Filtre Tomorrow', 20, {
      ownerId: owner.id,
      nextActionAt: hours(13),
      nextActionNote: 'Relancer',
    });
    await lead('Filtre Nothing', 10, {});
    ownerId = owner.id;
  });
  let ownerId = '';

  it('filters the late leads, those due before midnight in Kinshasa, and by owner or none', async () => {
    expect(await names('followUp=late')).toEqual(['Filtre Late']);
    expect(await names('followUp=today')).toEqual(['Filtre Tonight', 'Filtre Late']);
    expect(await names(`owner=${ownerId}`)).toEqual(['Filtre Tomorrow', 'Filtre Late']);
    expect(await names('owner=none')).toEqual(['Filtre Nothing', 'Filtre Tonight']);
    expect(await names(`owner=${ownerId}&followUp=late`)).toEqual(['Filtre Late']);
  });

  it('sorts by the next action, soonest first and the leads without one last (or the reverse)', async () => {
    expect(await names('sort=nextActionAt&order=asc')).toEqual([
      'Filtre Late',
      'Filtre Tonight',
      'Filtre Tomorrow',
      'Filtre Nothing',
    ]);
    expect(await names('sort=nextActionAt&order=desc')).toEqual([
      'Filtre Nothing',
      'Filtre Tomorrow',
      'Filtre Tonight',
      'Filtre Late',
    ]);
  });

  it('exports what the follow-up filters select, and says so in the activity log', async () => {
    const res = await clocked.get('/api/admin/contacts/export.csv?q=Filtre&followUp=late').expect(200);
    expect(res.text).toContain('Filtre Late');
    expect(res.text).not.toContain('Filtre Tonight');
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'contacts.exported'), eq(activityLogs.userId, clocked.user.id)));
    expect(log?.description).toContain('en retard');
  });

  it('refuses an unknown owner or follow-up filter with French messages', async () => {
    const res = await clocked.get('/api/admin/contacts?owner=moi&followUp=hier&sort=suivi').expect(400);
    expect(res.body.error.fields).toEqual({
      owner: 'Responsable invalide',
      followUp: 'Suivi invalide',
      sort: 'Tri invalide',
    });
  });
});
