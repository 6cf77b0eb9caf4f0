import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, callBookings } from '#db/schema.ts';
import { type AdminSession, signInAdmin } from '#tests/helpers/admin-session.ts';
import { insertBookableAdmin } from '#tests/helpers/factories.ts';
import { aDiscoveryCallRequest } from '#tests/helpers/request-factories.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';

/**
 * The discovery call in the lead's history (docs/product.md §2.2, "Rendez-vous"): booking, moving
 * and cancelling write themselves in the lead's timeline, and a booked call gives the lead to the
 * admin who takes it, "En cours", unless the staff had already decided.
 */
const HOUR = 3_600_000;
const NADINE = 'nadine.history@lisanga-digital.cd';
const PATRICK = 'patrick.history@lisanga-digital.cd';

const ctx = mailingAppContext({ env: { PUBLIC_URL: 'https://www.lisanga-digital.cd' } });
const app = () => request(ctx.testApp.app);
let nadine: { id: string };
let admin: AdminSession;
let ip = 0;

beforeAll(async () => {
  await ctx.database.db.update(adminUsers).set({ bookable: false });
  // Bookable every day from 08:00 to 18:00 in Kinshasa: slots exist whenever the test runs.
  nadine = await insertBookableAdmin(ctx.database.db, {
    email: NADINE,
    firstName: 'Nadine',
    lastName: 'Mbuyi',
  });
  admin = await signInAdmin(ctx.testApp.app, ctx.database.db, { origin: ctx.testApp.deps.env.PUBLIC_URL });
});

async function requestCall(email: string) {
  ip += 1;
  const res = await app()
    .post('/api/contact')
    .set('X-Forwarded-For', `10.31.0.${ip}`)
    .send(aDiscoveryCallRequest({ email }))
    .expect(201);
  const { id, bookingPath } = res.body as { id: string; bookingPath: string };
  return { id, token: new URL(bookingPath, 'https://x.test').searchParams.get('token') ?? '' };
}

/** The slots offered more than `hoursAhead` from now (a day and more: reminders and all). */
async function laterSlots(token: string, timeZone = 'Africa/Kinshasa', hoursAhead = 30) {
  const page = await app().get('/api/calls').query({ token, timeZone }).expect(200);
  return (page.body.slots as { startsAt: string }[])
    .map((s) => s.startsAt)
    .filter((startsAt) => new Date(startsAt).getTime() > Date.now() + hoursAhead * HOUR);
}

const leadOf = async (id: string) =>
  (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body.contact as {
    status: string;
    owner: { id: string; name: string } | null;
  };

type Entry = { kind: string; body: string; author: string | null };
const historyOf = async (id: string) =>
  (await admin.get(`/api/admin/contacts/${id}/timeline`).expect(200)).body.entries as Entry[];

describe('the discovery call in the lead’s history', () => {
  it('a booking gives the lead to the admin who takes it, "En cours", and the history shows it; so do a move and a cancellation', async () => {
    const { id, token } = await requestCall('history.booker@example.cd');
    expect(await leadOf(id)).toMatchObject({ status: 'nouveau', owner: null });
    const [first, , , second] = await laterSlots(token);
    if (!first || !second) throw new Error('not enough slots');

    await app().post('/api/calls/book').send({ token, startsAt: first }).expect(201);
    expect(await leadOf(id)).toMatchObject({
      status: 'en_cours',
      owner: { id: nadine.id, name: 'Nadine Mbuyi' },
    });
    const booked = await historyOf(id);
    expect(booked.map((entry) => entry.body)).toEqual([
      expect.stringMatching(/^Statut\s: Nouveau → En cours$/),
      expect.stringMatching(/^Responsable\s: Nadine Mbuyi, qui prend l’appel$/),
      expect.stringMatching(
        /^Appel découverte réservé par le contact\s: .+ \(heure de Kinshasa\), avec Nadine Mbuyi$/,
      ),
    ]);
    // The visitor did it, through the link: no admin is named as its author.
    expect(booked.every((entry) => entry.kind === 'booking' && entry.author === null)).toBe(true);
    // A retried booking writes nothing twice.
    await app().post('/api/calls/book').send({ token, startsAt: first }).expect(200);
    expect(await historyOf(id)).toHaveLength(3);

    await app().post('/api/calls/reschedule').send({ token, startsAt: second }).expect(200);
    const [moved] = await historyOf(id);
    expect(moved?.body).toMatch(
      /^Appel découverte déplacé par le contact\s: du .+ au .+ \(heure de Kinshasa\), avec Nadine Mbuyi$/,
    );

    await app().post('/api/calls/cancel').send({ token }).expect(200);
    await app().post('/api/calls/cancel').send({ token }).expect(200);
    const afterCancel = await historyOf(id);
    expect(afterCancel).toHaveLength(5);
    expect(afterCancel[0]?.body).toMatch(
      /^Appel découverte du .+ \(heure de Kinshasa\) annulé par le contact$/,
    );
    // The lead stays with its admin and "En cours": the team still follows it.
    expect(await leadOf(id)).toMatchObject({ status: 'en_cours', owner: { id: nadine.id } });
  });

  it('a call the agency cancels is noted with the admin who did it', async () => {
    const { id, token } = await requestCall('history.excuses@example.cd');
    const [slot] = await laterSlots(token);
    await app().post('/api/calls/book').send({ token, startsAt: slot }).expect(201);
    const [call] = await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id));
    await admin.post(`/api/admin/booking/calls/${call?.id}/cancel`).expect(200);
    const [cancelled] = await historyOf(id);
    expect(cancelled?.kind).toBe('booking');
    expect(cancelled?.author).toBe(`${admin.user.firstName} ${admin.user.lastName}`.trim());
    expect(cancelled?.body).toMatch(/^Appel découverte du .+ \(heure de Kinshasa\) annulé par l’équipe/);
  });

  it('a call the agency moves is noted with the admin who did it', async () => {
    const { id, token } = await requestCall('history.moved@example.cd');
    const [slot, later] = await laterSlots(token);
    await app().post('/api/calls/book').send({ token, startsAt: slot }).expect(201);
    const [call] = await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id));
    await admin.post(`/api/admin/booking/calls/${call?.id}/move`).send({ startsAt: later }).expect(200);
    const moved = (await historyOf(id)).find((entry) => entry.body.startsWith('Appel découverte déplacé'));
    expect(moved?.author).toBe(`${admin.user.firstName} ${admin.user.lastName}`.trim());
    expect(moved?.body).toMatch(
      /^Appel découverte déplacé par l’équipe\s: du .+ au .+ \(heure de Kinshasa\), avec Nadine Mbuyi$/,
    );
  });

  it('keeps the owner and the status the staff chose before the booking', async () => {
    const { id, token } = await requestCall('history.assigned@example.cd');
    await admin.patch(`/api/admin/contacts/${id}/follow-up`).send({ ownerId: admin.user.id }).expect(200);
    await admin.patch(`/api/admin/contacts/${id}/status`).send({ status: 'traite' }).expect(200);
    const [slot] = await laterSlots(token);
    await app().post('/api/calls/book').send({ token, startsAt: slot }).expect(201);
    expect(await leadOf(id)).toMatchObject({ status: 'traite', owner: { id: admin.user.id } });
    const history = await historyOf(id);
    expect(history[0]?.body).toMatch(/^Appel découverte réservé par le contact/);
    expect(history.filter((entry) => entry.kind === 'booking')).toHaveLength(1);
  });

  it('moved to a colleague, the call takes the lead along only when the booking had set its owner', async () => {
    const patrick = await insertBookableAdmin(ctx.database.db, {
      email: PATRICK,
      firstName: 'Patrick',
      lastName: 'Ilunga',
    });
    try {
      // Nadine, the earlier admin, takes every call while she is free: one lead's owner comes
      // from its booking, the other's from the staff (the same Nadine). Each call then moves to a time where she is
      // busy, so Patrick takes it.
      const byBooking = await requestCall('history.follows@example.cd');
      const byStaff = await requestCall('history.stays@example.cd');
      const filler = await requestCall('history.filler@example.cd');
      // Two days ahead: clear of the calls the tests above left with Nadine.
      const [one, two, three] = await laterSlots(byBooking.token, 'Africa/Kinshasa', 54);
      if (!one || !two || !three) throw new Error('not enough slots');
      // The staff give the second lead to Nadine themselves, before its booking.
      await admin
        .patch(`/api/admin/contacts/${byStaff.id}/follow-up`)
        .send({ ownerId: nadine.id })
        .expect(200);
      await app().post('/api/calls/book').send({ token: byBooking.token, startsAt: one }).expect(201);
      await app().post('/api/calls/book').send({ token: byStaff.token, startsAt: two }).expect(201);
      await app().post('/api/calls/book').send({ token: filler.token, startsAt: three }).expect(201);
      const withNadine = await ctx.database.db
        .select()
        .from(callBookings)
        .where(eq(callBookings.adminId, nadine.id));
      const mine = [byBooking.id, byStaff.id, filler.id];
      expect(withNadine.filter((c) => mine.includes(c.contactId) && c.status === 'confirmed')).toHaveLength(
        3,
      );

      await app().post('/api/calls/reschedule').send({ token: byBooking.token, startsAt: two }).expect(200);
      expect(await leadOf(byBooking.id)).toMatchObject({ owner: { id: patrick.id, name: 'Patrick Ilunga' } });
      const [ownerEntry, movedEntry] = await historyOf(byBooking.id);
      expect(ownerEntry?.body).toMatch(/^Responsable\s: Patrick Ilunga, qui prend l’appel$/);
      expect(movedEntry?.body).toMatch(/avec Patrick Ilunga$/);

      await app().post('/api/calls/reschedule').send({ token: byStaff.token, startsAt: three }).expect(200);
      const [moved] = await ctx.database.db
        .select()
        .from(callBookings)
        .where(eq(callBookings.contactId, byStaff.id));
      expect(moved?.adminId).toBe(patrick.id);
      expect(await leadOf(byStaff.id)).toMatchObject({ owner: { id: nadine.id } });
      expect((await historyOf(byStaff.id))[0]?.body).toMatch(/avec Patrick Ilunga$/);
    } finally {
      await ctx.database.db.update(adminUsers).set({ bookable: false }).where(eq(adminUsers.id, patrick.id));
    }
  });
});

describe('the visitor’s emails and clocks', () => {
  it('a moved call has its own subject', async () => {
    const email = 'history.moved@example.cd';
    const { token } = await requestCall(email);
    const [first, second] = await laterSlots(token, 'Europe/Paris');
    await ctx.testApp.deps.email.worker.runOnce();
    let before = ctx.smtp.messages().length;
    await app()
      .post('/api/calls/book')
      .send({ token, startsAt: first, timeZone: 'Europe/Paris' })
      .expect(201);
    const [booked] = await ctx.deliveredTo(email, before);
    expect(booked?.subject).toMatch(/^Votre appel découverte\s: .+ \(heure de Paris\)$/);
    before = ctx.smtp.messages().length;
    await app()
      .post('/api/calls/reschedule')
      .send({ token, startsAt: second, timeZone: 'Europe/Paris' })
      .expect(200);
    const [moved] = await ctx.deliveredTo(email, before);
    expect(moved?.subject).toMatch(/^Votre appel découverte est déplacé au .+ \(heure de Paris\)$/);
    expect(moved?.html).toContain('Votre appel a été déplacé');
  });

  it('a visitor on UTC is told the time in UTC, with Kinshasa’s beside it, never "heure d’UTC"', async () => {
    const email = 'history.utc@example.cd';
    const { token } = await requestCall(email);
    const page = await app().get('/api/calls').query({ token, timeZone: 'Etc/UTC' }).expect(200);
    expect(page.body.timeZone).toBe('UTC');
    const [slot] = await laterSlots(token, 'UTC');
    await ctx.testApp.deps.email.worker.runOnce();
    const before = ctx.smtp.messages().length;
    await app().post('/api/calls/book').send({ token, startsAt: slot, timeZone: 'UTC' }).expect(201);
    const [confirmation] = await ctx.deliveredTo(email, before);
    const hour = (zone: string) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
        new Date(slot ?? ''),
      );
    expect(confirmation?.subject).toMatch(new RegExp(`à ${hour('UTC')} \\(heure UTC\\)$`));
    expect(confirmation?.text).toContain(`soit ${hour('Africa/Kinshasa')} à Kinshasa`);
    for (const text of [confirmation?.subject, confirmation?.text, confirmation?.html]) {
      expect(text).not.toMatch(/heure d.UTC|heure de Kinshasa/);
    }
  });
});
