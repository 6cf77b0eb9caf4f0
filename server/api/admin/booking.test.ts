import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardData } from '#common/schemas/admin.ts';
import type { AdminCall, BookingAvailability } from '#common/schemas/booking-admin.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { activityLogs, adminUsers, bookingDaysOff, bookingHours, callBookings } from '#db/schema.ts';
import { type AdminSession, createClockedAdminApp, signInAdmin } from '#tests/helpers/admin-session.ts';
import { insertAdminUser, insertCallBooking, insertContact } from '#tests/helpers/factories.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';

/** Friday 27 November 2026, 10:00 in Kinshasa. */
const NOW = new Date('2026-11-27T09:00:00Z');
const AVAILABILITY = '/api/admin/booking/availability';

let database: DatabaseHandle;
let app: ReturnType<typeof createClockedAdminApp>['app'];
let admin: AdminSession;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createClockedAdminApp(database, () => NOW));
  admin = await signInAdmin(app, database.db);
});
afterAll(async () => {
  await database?.close();
});

const name = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;
const emptyWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] }));
const week = (ranges: Record<number, [string, string][]>) =>
  emptyWeek.map(({ weekday }) => ({
    weekday,
    ranges: (ranges[weekday] ?? []).map(([start, end]) => ({ start, end })),
  }));
const save = (body: unknown, query = '') => admin.put(`${AVAILABILITY}${query}`).send(body as object);

describe('GET and PUT /api/admin/booking/availability: one’s own', () => {
  it('starts with nothing: not bookable, every weekday empty, no day off', async () => {
    const res = await admin.get(AVAILABILITY).expect(200);
    expect(res.body.availability).toEqual({
      admin: { id: admin.user.id, name: name(admin.user) },
      bookable: false,
      days: emptyWeek,
      daysOff: [],
      upcomingCalls: 0,
    } satisfies BookingAvailability);
  });

  it('saves the weekly ranges (a lunch break is two), the days off and the switch, logged; the next save replaces them', async () => {
    const morning: [string, string] = ['09:00', '12:00'];
    const afternoon: [string, string] = ['14:00', '17:00'];
    // Sent out of order; answered and stored in order.
    const res = await save({
      bookable: true,
      days: week({ 1: [afternoon, morning], 3: [['08:30', '10:00']] }),
      daysOff: ['2026-12-24', '2026-11-27'],
    }).expect(200);
    const expected: BookingAvailability = {
      admin: { id: admin.user.id, name: name(admin.user) },
      bookable: true,
      days: week({ 1: [morning, afternoon], 3: [['08:30', '10:00']] }),
      daysOff: ['2026-11-27', '2026-12-24'],
      upcomingCalls: 0,
    };
    expect(res.body.availability).toEqual(expected);
    expect((await admin.get(AVAILABILITY).expect(200)).body.availability).toEqual(expected);

    // Stored in Kinshasa minutes, as the slots read them.
    const hours = await database.db
      .select({ weekday: bookingHours.weekday, start: bookingHours.startMinute, end: bookingHours.endMinute })
      .from(bookingHours)
      .where(eq(bookingHours.adminId, admin.user.id))
      .orderBy(bookingHours.weekday, bookingHours.startMinute);
    expect(hours).toEqual([
      { weekday: 1, start: 540, end: 720 },
      { weekday: 1, start: 840, end: 1020 },
      { weekday: 3, start: 510, end: 600 },
    ]);
    const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.user.id));
    expect(row?.bookable).toBe(true);
    const logs = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'availability.updated'), eq(activityLogs.userId, admin.user.id)));
    expect(logs.map((log) => [log.title, log.description])).toEqual([
      [
        `Disponibilités modifiées\u00a0: ${name(admin.user)}`,
        'Réservable · 3 plages sur 2 jours · 2 jours de congé',
      ],
    ]);

    const replaced = await save({ bookable: false, days: week({ 5: [['10:00', '11:00']] }), daysOff: [] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.availability).toMatchObject({
      bookable: false,
      days: week({ 5: [['10:00', '11:00']] }),
      daysOff: [],
    });
    expect(
      await database.db.select().from(bookingHours).where(eq(bookingHours.adminId, admin.user.id)),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(bookingDaysOff).where(eq(bookingDaysOff.adminId, admin.user.id)),
    ).toEqual([]);
  });

  it('refuses wrong ranges and days off with one French message per field, and changes nothing', async () => {
    await save({ bookable: true, days: week({ 2: [['09:00', '10:00']] }), daysOff: ['2026-12-01'] }).expect(
      200,
    );
    const cases: [unknown, Record<string, string>][] = [
      [
        {
          bookable: true,
          days: week({
            1: [
              ['12:00', '09:00'],
              ['09:15', '10:00'],
            ],
            2: [
              ['09:00', '12:00'],
              ['11:00', '13:00'],
            ],
            4: [['', '10:00']],
          }),
          daysOff: ['2026-11-26', '2026-12-01', '2026-12-01', '2026-02-30'],
        },
        {
          'days.0.ranges.0.end': 'L’heure de fin doit venir après l’heure de début.',
          'days.0.ranges.1.start': 'Choisissez une heure pile ou et demie, par exemple 09:00 ou 09:30.',
          'days.1.ranges.1.start': 'Cette plage chevauche une autre plage du même jour.',
          'days.3.ranges.0.start': 'Indiquez l’heure de début.',
          'daysOff.0': 'Cette date est passée.',
          'daysOff.2': 'Cette date figure déjà dans la liste.',
          'daysOff.3': 'Date invalide\u00a0: écrivez-la AAAA-MM-JJ.',
        },
      ],
      [
        { bookable: true, days: emptyWeek, daysOff: [] },
        { bookable: 'Ajoutez au moins une plage horaire pour pouvoir être réservé(e).' },
      ],
      [
        { bookable: 'oui', days: [{ weekday: 8, ranges: [] }], daysOff: [], role: 'x' },
        {
          _: 'Champ non autorisé\u00a0: role.',
          bookable: 'Valeur invalide.',
          'days.0.weekday': 'Jour invalide.',
        },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await save(body).expect(400);
      expect(res.body.error.fields).toEqual(fields);
    }
    expect((await admin.get(AVAILABILITY).expect(200)).body.availability).toMatchObject({
      bookable: true,
      days: week({ 2: [['09:00', '10:00']] }),
      daysOff: ['2026-12-01'],
    });
  });
});

describe('another admin’s availability (?adminId=)', () => {
  it('is read and saved by an admin setting up the team, logged under their own name', async () => {
    const { user: colleague } = await insertAdminUser(database.db, {
      firstName: 'Nadine',
      lastName: 'Kapinga',
    });
    const query = `?adminId=${colleague.id}`;
    expect((await admin.get(`${AVAILABILITY}${query}`).expect(200)).body.availability.admin).toEqual({
      id: colleague.id,
      name: 'Nadine Kapinga',
    });
    const res = await save({ bookable: true, days: week({ 2: [['09:00', '12:00']] }), daysOff: [] }, query);
    expect(res.status).toBe(200);
    expect(res.body.availability).toMatchObject({ admin: { id: colleague.id }, bookable: true });
    const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, colleague.id));
    expect(row?.bookable).toBe(true);
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.title, 'Disponibilités modifiées\u00a0: Nadine Kapinga'));
    expect(log?.userId).toBe(admin.user.id);
  });

  it('answers 404 for an unknown admin and 400 for a malformed id, in French', async () => {
    const unknown = await admin
      .get(`${AVAILABILITY}?adminId=0b6f3c1e-8a52-4f0e-9a4e-3d2b1c0a9f87`)
      .expect(404);
    expect(unknown.body.error.message).toBe('Utilisateur introuvable.');
    const malformed = await save({ bookable: false, days: [], daysOff: [] }, '?adminId=moi').expect(400);
    expect(malformed.body.error.fields).toEqual({ adminId: 'Utilisateur invalide.' });
  });

  it('is refused to an account of another role, which still sets its own', async () => {
    const other = await signInAdmin(app, database.db);
    await database.db.update(adminUsers).set({ role: 'editor' }).where(eq(adminUsers.id, other.user.id));
    const res = await other.get(`${AVAILABILITY}?adminId=${admin.user.id}`).expect(403);
    expect(res.body.error.message).toBe('Vous ne pouvez modifier que vos propres disponibilités.');
    await other
      .put(`${AVAILABILITY}?adminId=${other.user.id}`)
      .send({ bookable: false, days: [], daysOff: [] })
      .expect(200);
  });
});

describe('the booked calls: agenda, lead and dashboard', () => {
  let nadine: { id: string; firstName: string; lastName: string };
  /** A call with a new lead, `hours` after NOW. */
  const call = async (
    hours: number,
    status: 'confirmed' | 'cancelled' = 'confirmed',
    fullName = 'Amani Kabeya',
  ) => {
    const lead = await insertContact(database.db, {
      fullName,
      company: 'Kin Market',
      serviceInterest: 'Marketing Digital',
      source: 'call_request',
    });
    const booking = await insertCallBooking(database.db, {
      contactId: lead.id,
      adminId: nadine.id,
      startsAt: new Date(NOW.getTime() + hours * 3_600_000),
      status,
      visitorTimeZone: 'Europe/Paris',
    });
    return { lead, booking };
  };

  beforeEach(async () => {
    await database.db.delete(callBookings);
    ({ user: nadine } = await insertAdminUser(database.db, { firstName: 'Nadine', lastName: 'Kapinga' }));
  });

  it('counts in the availability the confirmed calls still ahead of the admin, whose calls stay booked', async () => {
    await call(48);
    await call(72);
    await call(96, 'cancelled');
    await call(-48);
    const res = await admin.get(`${AVAILABILITY}?adminId=${nadine.id}`).expect(200);
    expect(res.body.availability.upcomingCalls).toBe(2);
  });

  it('GET /calls lists the calls of the period, cancelled ones too, with their lead and admin', async () => {
    const { lead, booking } = await call(2, 'confirmed', 'Amani Kabeya');
    await call(1, 'cancelled', 'Bolingo Mputu');
    await call(24 * 10, 'confirmed', 'Later Lead');
    await call(-24 * 2, 'confirmed', 'Earlier Lead');
    const res = await admin
      .get('/api/admin/booking/calls')
      .query({ from: '2026-11-27T00:00:00+01:00', to: '2026-12-04T00:00:00+01:00' })
      .expect(200);
    const calls = res.body.calls as AdminCall[];
    expect(calls.map((c) => [c.contact.fullName, c.status])).toEqual([
      ['Bolingo Mputu', 'cancelled'],
      ['Amani Kabeya', 'confirmed'],
    ]);
    expect(calls[1]).toEqual({
      id: booking.id,
      startsAt: '2026-11-27T11:00:00.000Z',
      endsAt: '2026-11-27T11:30:00.000Z',
      status: 'confirmed',
      visitorTimeZone: 'Europe/Paris',
      contact: {
        id: lead.id,
        fullName: 'Amani Kabeya',
        company: 'Kin Market',
        serviceInterest: 'Marketing Digital',
      },
      admin: { id: nadine.id, name: 'Nadine Kapinga' },
    } satisfies AdminCall);
  });

  it('GET /calls without a period answers this week’s calls (Monday to Monday, Kinshasa time)', async () => {
    await call(-24 * 4, 'confirmed', 'Monday Lead'); // Monday 23 November, 10:00
    await call(-24 * 5, 'confirmed', 'Last Week Lead'); // Sunday 22 November
    await call(24 * 2 + 13, 'confirmed', 'Sunday Night Lead'); // Sunday 29 November, 23:00
    const res = await admin.get('/api/admin/booking/calls').expect(200);
    expect((res.body.calls as AdminCall[]).map((c) => c.contact.fullName)).toEqual([
      'Monday Lead',
      'Sunday Night Lead',
    ]);
  });

  it('GET /calls refuses a missing, reversed or too long period with French messages', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ to: '2026-12-04T00:00:00Z' }, { from: 'Indiquez aussi le début.' }],
      [{ from: 'hier', to: '2026-12-04T00:00:00Z' }, { from: 'Date de début invalide.' }],
      [
        { from: '2026-12-04T00:00:00Z', to: '2026-12-01T00:00:00Z' },
        { to: 'La fin doit venir après le début.' },
      ],
      [{ from: '2026-11-01T00:00:00Z', to: '2027-01-15T00:00:00Z' }, { to: '62 jours au plus.' }],
    ];
    for (const [query, fields] of cases) {
      const res = await admin.get('/api/admin/booking/calls').query(query).expect(400);
      expect(res.body.error.fields).toEqual(fields);
    }
  });

  it('shows on the lead: its confirmed call, else the one it cancelled, else none', async () => {
    const { lead, booking } = await call(26);
    const detail = await admin.get(`/api/admin/contacts/${lead.id}`).expect(200);
    expect(detail.body.contact.id).toBe(lead.id);
    expect(detail.body.call).toEqual({
      id: booking.id,
      startsAt: '2026-11-28T11:00:00.000Z',
      endsAt: '2026-11-28T11:30:00.000Z',
      status: 'confirmed',
      visitorTimeZone: 'Europe/Paris',
      admin: { id: nadine.id, name: 'Nadine Kapinga' },
    });

    await database.db
      .update(callBookings)
      .set({ status: 'cancelled' })
      .where(eq(callBookings.id, booking.id));
    expect((await admin.get(`/api/admin/contacts/${lead.id}`).expect(200)).body.call.status).toBe(
      'cancelled',
    );

    const quiet = await insertContact(database.db, { fullName: 'Sans Appel' });
    expect((await admin.get(`/api/admin/contacts/${quiet.id}`).expect(200)).body.call).toBeNull();
  });

  it('lists the next five confirmed calls on the dashboard, the one under way first', async () => {
    await call(-2);
    await call(-0.25, 'confirmed', 'Under Way');
    await call(1, 'cancelled', 'Cancelled Lead');
    for (const hours of [30, 3, 50, 5, 70]) await call(hours, 'confirmed', `Lead ${hours}`);
    const res = await admin.get('/api/admin/dashboard').expect(200);
    const { upcomingCalls } = res.body as DashboardData;
    expect(upcomingCalls.map((c) => c.contact.fullName)).toEqual([
      'Under Way',
      'Lead 3',
      'Lead 5',
      'Lead 30',
      'Lead 50',
    ]);
  });
});
