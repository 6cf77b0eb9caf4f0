import { and, desc, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, adminUsers, callBookings, contactRequests, emailOutbox } from '#db/schema.ts';
import { signInAdmin } from '#tests/helpers/admin-session.ts';
import { insertBookableAdmin, insertContact } from '#tests/helpers/factories.ts';
import { parseInvitation } from '#tests/helpers/ical.ts';
import { aDiscoveryCallRequest } from '#tests/helpers/request-factories.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';
import { type CapturedEmail, calendarPart } from '#tests/helpers/smtp.ts';
import { signLink } from '../security/signed-link.ts';

const HOUR = 3_600_000;
const VISITOR = 'amani.kabeya@example.cd';
const STAFF = 'nadine.mbuyi@lisanga-digital.cd';

const ctx = mailingAppContext({ env: { PUBLIC_URL: 'https://www.lisanga-digital.cd' } });

beforeAll(async () => {
  await ctx.database.db.update(adminUsers).set({ bookable: false });
  // Bookable every day from 08:00 to 18:00 in Kinshasa: slots exist whenever the test runs.
  await insertBookableAdmin(ctx.database.db, { email: STAFF, firstName: 'Nadine', lastName: 'Mbuyi' });
});

const app = () => request(ctx.testApp.app);

async function requestCall(email = VISITOR, ip = '10.30.0.1') {
  const res = await app()
    .post('/api/contact')
    .set('X-Forwarded-For', ip)
    .send(aDiscoveryCallRequest({ email }))
    .expect(201);
  return res.body as { id: string; bookingPath: string };
}

/** Who did the latest action of that type (`call.cancelled`…), as the activity log has it. */
async function latestActorOf(type: string) {
  const [logged] = await ctx.database.db
    .select({ userId: activityLogs.userId })
    .from(activityLogs)
    .where(eq(activityLogs.type, type))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return logged?.userId;
}

const tokenOf = (path: string) => new URL(path, 'https://x.test').searchParams.get('token') ?? '';

const remindersOf = (bookingId: string) =>
  ctx.database.db
    .select({ key: emailOutbox.dedupeKey, to: emailOutbox.toAddress, sendAfter: emailOutbox.nextAttemptAt })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.status, 'pending'), like(emailOutbox.dedupeKey, `call:${bookingId}:%:remind-%`)),
    );

/** A call the visitor booked at the first time offered (its emails sent), and an admin signed in. */
async function bookedForStaff(email: string, ip: string) {
  const { id, bookingPath } = await requestCall(email, ip);
  const token = tokenOf(bookingPath);
  const page = await app().get('/api/calls').query({ token }).expect(200);
  const [slot] = page.body.slots as { startsAt: string }[];
  await app().post('/api/calls/book').send({ token, startsAt: slot?.startsAt }).expect(201);
  const [call] = await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id));
  await ctx.testApp.deps.email.worker.runOnce();
  const admin = await signInAdmin(ctx.testApp.app, ctx.database.db, {
    origin: ctx.testApp.deps.env.PUBLIC_URL,
  });
  return { token, call, admin };
}

describe('booking the discovery call after the request', () => {
  it('sends the visitor the link to pick a time, keeps the preferences, and answers the page’s path', async () => {
    const before = ctx.smtp.messages().length;
    const { id, bookingPath } = await requestCall();
    expect(bookingPath).toMatch(/^\/appel-decouverte\?token=/);
    const [lead] = await ctx.database.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(lead).toMatchObject({ callPreferredTime: 'Flexible', callUrgency: 'Sous 15 jours' });

    const [email] = await ctx.deliveredTo(VISITOR, before);
    expect(email?.subject).toBe('Votre demande d’appel découverte est bien reçue');
    expect(email?.html).toContain('Choisir mon créneau');
    // The address is not proven the requester's yet: nothing they typed reaches it.
    for (const part of [email?.subject, email?.text, email?.html]) expect(part).not.toContain('Amani');
    expect(email?.text).toContain(`https://www.lisanga-digital.cd${bookingPath.replace(/&/g, '&')}`);
  });

  it('keeps the former way while nobody is bookable: no link, no email to the visitor', async () => {
    await ctx.database.db.update(adminUsers).set({ bookable: false }).where(eq(adminUsers.email, STAFF));
    try {
      const before = ctx.smtp.messages().length;
      const res = await app()
        .post('/api/contact')
        .set('X-Forwarded-For', '10.30.0.9')
        .send(
          aDiscoveryCallRequest({
            fullName: 'Sans Créneau',
            email: 'sans.creneau@example.cd',
            details: { callType: 'Découverte générale', preferredTime: 'Flexible', urgency: 'Pas urgent' },
          }),
        )
        .expect(201);
      expect(res.body).toEqual({ id: expect.any(String) });
      expect(await ctx.deliveredTo('sans.creneau@example.cd', before)).toHaveLength(0);
      expect(
        ctx.smtp
          .messages()
          .slice(before)
          .some((m) => m.envelope.to.includes('leads@lisanga-digital.cd')),
      ).toBe(true);
    } finally {
      await ctx.database.db.update(adminUsers).set({ bookable: true }).where(eq(adminUsers.email, STAFF));
    }
  });

  it('books a slot on the visitor’s clock, with an invitation to both sides and reminders; a retry books nothing more', async () => {
    const { id, bookingPath } = await requestCall('booker@example.cd', '10.30.0.2');
    const token = tokenOf(bookingPath);
    const page = await app().get('/api/calls').query({ token, timeZone: 'America/Sao_Paulo' }).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatchObject({ firstName: 'Amani', call: null, timeZone: 'America/Sao_Paulo' });
    // How the call takes place, in the settings' words, for the page's summary.
    expect(page.body.meetingDetails).toMatch(/^Nous vous appelons au numéro que vous nous avez indiqué/);
    // Who takes it: the only bookable admin, named before anything is booked.
    expect(page.body.hosts).toEqual(['Nadine Mbuyi']);
    const slot = (page.body.slots as { startsAt: string }[]).find(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 25 * HOUR,
    );
    if (!slot) throw new Error('no slot more than a day ahead');
    await ctx.testApp.deps.email.worker.runOnce();

    const before = ctx.smtp.messages().length;
    const booked = await app()
      .post('/api/calls/book')
      .send({ token, startsAt: slot.startsAt, timeZone: 'America/Sao_Paulo' })
      .expect(201);
    expect(booked.body.call).toMatchObject({
      startsAt: slot.startsAt,
      status: 'confirmed',
      withName: 'Nadine Mbuyi',
    });
    // The answer was lost and the phone sends again: the same call, nothing sent twice.
    await app()
      .post('/api/calls/book')
      .send({ token, startsAt: slot.startsAt, timeZone: 'America/Sao_Paulo' })
      .expect(200);

    const [visitorEmail, ...moreToVisitor] = await ctx.deliveredTo('booker@example.cd', before);
    expect(moreToVisitor).toHaveLength(0);
    expect(visitorEmail?.subject).toMatch(/^Votre appel découverte\s: .+ \(heure de Sao Paulo\)$/);
    expect(visitorEmail?.text).toMatch(/à Kinshasa/);
    expect(visitorEmail?.text).toContain('Nadine Mbuyi');
    expect(visitorEmail?.replyTo).toContain(STAFF);
    const visitorInvitation = parseInvitation(calendarPart(visitorEmail as CapturedEmail));
    expect(visitorInvitation.method).toBe('REQUEST');
    expect(new Date(visitorInvitation.event.start).toISOString()).toBe(new Date(slot.startsAt).toISOString());
    expect(JSON.stringify(visitorInvitation.event.organizer).toLowerCase()).toContain(`mailto:${STAFF}`);
    expect(JSON.stringify(visitorInvitation.event.attendee).toLowerCase()).toContain(
      'mailto:booker@example.cd',
    );

    const [staffEmail] = ctx.smtp
      .messages()
      .slice(before)
      .filter((m) => m.envelope.to.includes(STAFF));
    expect(staffEmail?.subject).toMatch(/^Appel réservé\s: Amani Kabeya, .+\(heure de Kinshasa\)$/);
    expect(staffEmail?.text).toContain(`/admin/contacts?lead=${id}`);
    const staffInvitation = parseInvitation(calendarPart(staffEmail as CapturedEmail));
    expect(staffInvitation.event.uid).toBe(visitorInvitation.event.uid);

    const [call] = await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id));
    const reminders = await remindersOf(call?.id ?? '');
    const start = new Date(slot.startsAt).getTime();
    expect(reminders.map((r) => [r.to, r.sendAfter.getTime() - start]).sort()).toEqual(
      [
        ['booker@example.cd', -24 * HOUR],
        ['booker@example.cd', -HOUR],
        [STAFF, -24 * HOUR],
        [STAFF, -HOUR],
      ].sort(),
    );
  });

  it('moves the call with the same event (SEQUENCE raised), then cancels it (METHOD:CANCEL), withdrawing the reminders', async () => {
    const { id, bookingPath } = await requestCall('mover@example.cd', '10.30.0.3');
    const token = tokenOf(bookingPath);
    const page = await app().get('/api/calls').query({ token, timeZone: 'Africa/Kinshasa' }).expect(200);
    const later = (page.body.slots as { startsAt: string }[]).filter(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 30 * HOUR,
    );
    const [first, second] = [later[0], later[3]];
    if (!first || !second) throw new Error('not enough slots');
    await app().post('/api/calls/book').send({ token, startsAt: first.startsAt }).expect(201);
    const [booked] = await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id));

    let before = ctx.smtp.messages().length;
    await ctx.deliveredTo('mover@example.cd', before);
    before = ctx.smtp.messages().length;
    const moved = await app()
      .post('/api/calls/reschedule')
      .send({ token, startsAt: second.startsAt })
      .expect(200);
    expect(moved.body.call).toMatchObject({ startsAt: second.startsAt, status: 'confirmed' });
    const [movedEmail] = await ctx.deliveredTo('mover@example.cd', before);
    expect(movedEmail?.html).toContain('Votre appel a été déplacé');
    const movedInvitation = parseInvitation(calendarPart(movedEmail as CapturedEmail));
    expect(movedInvitation.method).toBe('REQUEST');
    expect(movedInvitation.event.uid).toBe(`call-${booked?.id}@www.lisanga-digital.cd`);
    expect(Number(movedInvitation.event.sequence)).toBe(1);
    expect(new Date(movedInvitation.event.start).toISOString()).toBe(new Date(second.startsAt).toISOString());
    const reminders = await remindersOf(booked?.id ?? '');
    expect(reminders).toHaveLength(4);
    expect(reminders.every((r) => r.key?.startsWith(`call:${booked?.id}:1:`))).toBe(true);

    before = ctx.smtp.messages().length;
    const cancelled = await app().post('/api/calls/cancel').send({ token }).expect(200);
    expect(cancelled.body.call).toMatchObject({ status: 'cancelled' });
    await app().post('/api/calls/cancel').send({ token }).expect(200);
    const toVisitor = await ctx.deliveredTo('mover@example.cd', before);
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]?.subject).toMatch(/est annulé$/);
    const cancellation = parseInvitation(calendarPart(toVisitor[0] as CapturedEmail));
    expect(cancellation.method).toBe('CANCEL');
    expect(String(cancellation.event.status)).toBe('CANCELLED');
    expect(Number(cancellation.event.sequence)).toBe(2);
    expect(cancellation.event.uid).toBe(movedInvitation.event.uid);
    expect(await remindersOf(booked?.id ?? '')).toHaveLength(0);
    const staffCancel = ctx.smtp
      .messages()
      .slice(before)
      .find((m) => m.envelope.to.includes(STAFF));
    expect(staffCancel?.subject).toMatch(/^Appel annulé/);
    expect(parseInvitation(calendarPart(staffCancel as CapturedEmail)).method).toBe('CANCEL');

    // The slot is free again, and the visitor may book another time with the same link.
    const again = await app().get('/api/calls').query({ token }).expect(200);
    expect(again.body.call).toMatchObject({ status: 'cancelled' });
    expect((again.body.slots as { startsAt: string }[]).some((s) => s.startsAt === second.startsAt)).toBe(
      true,
    );
    await app().post('/api/calls/book').send({ token, startsAt: second.startsAt }).expect(201);
  });

  it('lets the agency cancel a call it cannot take: the visitor gets apologies, the cancellation and a new link', async () => {
    const { token, call, admin } = await bookedForStaff('excuses@example.cd', '10.30.0.5');
    const before = ctx.smtp.messages().length;
    const cancelled = await admin.post(`/api/admin/booking/calls/${call?.id}/cancel`).expect(200);
    expect(cancelled.body.call).toEqual({ id: call?.id, status: 'cancelled' });
    // Twice (a double tap): one cancellation, one email.
    await admin.post(`/api/admin/booking/calls/${call?.id}/cancel`).expect(200);
    const [apology, ...more] = await ctx.deliveredTo('excuses@example.cd', before);
    expect(more).toHaveLength(0);
    expect(apology?.text).toContain('Nous devons malheureusement annuler votre appel découverte');
    expect(apology?.text).toMatch(/nous serons ravis d’échanger\s+avec vous/);
    expect(apology?.text).toMatch(
      /Choisir un autre créneau\s+\[https:\/\/www\.lisanga-digital\.cd\/appel-decouverte\?token=/,
    );
    const invitation = parseInvitation(calendarPart(apology as CapturedEmail));
    expect(invitation.method).toBe('CANCEL');
    expect(Number(invitation.event.sequence)).toBe(1);
    expect(await remindersOf(call?.id ?? '')).toHaveLength(0);
    expect(await latestActorOf('call.cancelled')).toBe(admin.user.id);
    await admin.post('/api/admin/booking/calls/00000000-0000-4000-8000-000000000000/cancel').expect(404);
    // The visitor picks another time with the same link.
    const again = await app().get('/api/calls').query({ token }).expect(200);
    expect(again.body.call).toMatchObject({ status: 'cancelled' });
  });

  it('lets the agency move a call to another free time: the visitor gets the new time and the updated invitation, once', async () => {
    const { token, call, admin } = await bookedForStaff('deplace@example.cd', '10.30.0.10');
    const free = await admin.get(`/api/admin/booking/calls/${call?.id}/slots`).expect(200);
    const slots = free.body.slots as { startsAt: string; withName: string }[];
    // Every free time, not only the visitor's preferred ones, without the call's own.
    expect(slots.length).toBeGreaterThan(10);
    expect(slots.some((s) => s.startsAt === call?.startsAt.toISOString())).toBe(false);
    expect(slots[0]?.withName).toBe('Nadine Mbuyi');
    const target = slots[5];
    if (!target) throw new Error('not enough slots');

    const before = ctx.smtp.messages().length;
    const moved = await admin
      .post(`/api/admin/booking/calls/${call?.id}/move`)
      .send({ startsAt: target.startsAt })
      .expect(200);
    expect(moved.body.call).toEqual({ id: call?.id, status: 'confirmed', startsAt: target.startsAt });
    // A double tap: the call is at that time already, nothing is sent again.
    await admin
      .post(`/api/admin/booking/calls/${call?.id}/move`)
      .send({ startsAt: target.startsAt })
      .expect(200);
    const toVisitor = await ctx.deliveredTo('deplace@example.cd', before);
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]?.subject).toMatch(/^Votre appel découverte est déplacé au /);
    expect(toVisitor[0]?.html).toContain('Votre appel a été déplacé');
    const invitation = parseInvitation(calendarPart(toVisitor[0] as CapturedEmail));
    expect(invitation.method).toBe('REQUEST');
    expect(invitation.event.uid).toBe(`call-${call?.id}@www.lisanga-digital.cd`);
    expect(Number(invitation.event.sequence)).toBe(1);
    expect(new Date(invitation.event.start).toISOString()).toBe(target.startsAt);
    // The reminders follow the call to its new time.
    expect((await remindersOf(call?.id ?? '')).every((r) => r.key?.startsWith(`call:${call?.id}:1:`))).toBe(
      true,
    );
    expect(await latestActorOf('call.moved')).toBe(admin.user.id);
    // The visitor's page shows the new time.
    const again = await app().get('/api/calls').query({ token }).expect(200);
    expect(again.body.call).toMatchObject({ startsAt: target.startsAt, status: 'confirmed' });

    // A time nobody is free, a malformed one, an unknown call, a cancelled one: refused in French.
    // 03:00 in Kinshasa the day after the target: outside everyone's hours (08:00 to 18:00).
    const night = new Date(Date.parse(`${target.startsAt.slice(0, 10)}T02:00:00Z`) + 24 * HOUR).toISOString();
    const taken = await admin.post(`/api/admin/booking/calls/${call?.id}/move`).send({ startsAt: night });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ce créneau vient d’être pris\u00a0: choisissez-en un autre.');
    const bad = await admin.post(`/api/admin/booking/calls/${call?.id}/move`).send({ startsAt: 'demain' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choisissez une heure dans la liste.');
    await admin
      .post('/api/admin/booking/calls/00000000-0000-4000-8000-000000000000/move')
      .send({ startsAt: target.startsAt })
      .expect(404);
    await admin.post(`/api/admin/booking/calls/${call?.id}/cancel`).expect(200);
    const late = await admin
      .post(`/api/admin/booking/calls/${call?.id}/move`)
      .send({ startsAt: slots[6]?.startsAt });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Cet appel est annulé\u00a0: il ne peut plus être déplacé.');
  });

  it('lets an admin offer the call to a lead without a link, once however many clicks, and not twice to a booked one', async () => {
    const quote = await app()
      .post('/api/contact')
      .set('X-Forwarded-For', '10.30.0.6')
      .send({
        source: 'website',
        fullName: 'Grâce Mwamba',
        email: 'grace.mwamba@example.cd',
        serviceType: 'Branding',
        message: 'Pouvez-vous nous aider pour notre nouvelle marque ?',
        elapsedMs: 9_000,
      })
      .expect(201);
    expect(quote.body).toEqual({ id: expect.any(String) });
    await ctx.testApp.deps.email.worker.runOnce();
    const admin = await signInAdmin(ctx.testApp.app, ctx.database.db, {
      origin: ctx.testApp.deps.env.PUBLIC_URL,
    });
    const before = ctx.smtp.messages().length;
    await admin.post(`/api/admin/booking/contacts/${quote.body.id}/link`).expect(202);
    await admin.post(`/api/admin/booking/contacts/${quote.body.id}/link`).expect(202);
    const [offer, ...more] = await ctx.deliveredTo('grace.mwamba@example.cd', before);
    expect(more).toHaveLength(0);
    expect(offer?.subject).toBe('Choisissez l’heure de votre appel découverte avec Lisanga Digital');
    const link = /\/appel-decouverte\?token=[^\s\]]+/.exec(offer?.text ?? '')?.[0] ?? '';
    const page = await app()
      .get('/api/calls')
      .query({ token: tokenOf(link) })
      .expect(200);
    expect(page.body).toMatchObject({ firstName: 'Grâce', call: null });
    const timeline = await admin.get(`/api/admin/contacts/${quote.body.id}/timeline`).expect(200);
    expect(timeline.body.entries).toEqual([
      expect.objectContaining({
        kind: 'email',
        body: 'Lien de réservation de l’appel découverte envoyé',
      }),
    ]);

    await app()
      .post('/api/calls/book')
      .send({ token: tokenOf(link), startsAt: page.body.slots[0].startsAt })
      .expect(201);
    const booked = await admin.post(`/api/admin/booking/contacts/${quote.body.id}/link`).expect(409);
    expect(booked.body.error.message).toBe('Un appel est déjà réservé avec ce contact.');

    await ctx.database.db.update(adminUsers).set({ bookable: false }).where(eq(adminUsers.email, STAFF));
    try {
      const other = await insertContact(ctx.database.db, { source: 'quote_request' });
      const nobody = await admin.post(`/api/admin/booking/contacts/${other.id}/link`).expect(409);
      expect(nobody.body.error.message).toMatch(/^Personne n.est disponible pour un appel/);
    } finally {
      await ctx.database.db.update(adminUsers).set({ bookable: true }).where(eq(adminUsers.email, STAFF));
    }
  });

  it('refuses forged, expired and other purposes’ links, bad bodies and times not offered, in French', async () => {
    const { id, bookingPath } = await requestCall('refused@example.cd', '10.30.0.4');
    const token = tokenOf(bookingPath);
    const forged = `${token.slice(0, -2)}xx`;
    const invalid = await app().get('/api/calls').query({ token: forged }).expect(404);
    expect(invalid.body.error.message).toBe('Ce lien de réservation n’est pas valide.');
    const preview = await signLink(ctx.database.db, 'preview', id, new Date(Date.now() + HOUR));
    await app().get('/api/calls').query({ token: preview.token }).expect(404);
    const old = await signLink(ctx.database.db, 'call', id, new Date(Date.now() - 1000));
    const expired = await app()
      .post('/api/calls/book')
      .send({ token: old.token, startsAt: new Date().toISOString() });
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe('Ce lien de réservation a expiré.');

    const bad = await app()
      .post('/api/calls/book')
      .send({ token, startsAt: 'demain matin', extra: 1 })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('Choisissez un créneau dans la liste.');
    expect(JSON.stringify(bad.body)).toMatch(/Champ non autorisé\s: extra/);

    // 03:00 in Kinshasa is nobody's working hour.
    const night = new Date(Date.now() + 3 * 24 * HOUR);
    night.setUTCHours(2, 0, 0, 0);
    const taken = await app()
      .post('/api/calls/book')
      .send({ token, startsAt: night.toISOString() })
      .expect(409);
    expect(taken.body.error.message).toMatch(/Ce créneau vient d.être pris/);
    await app().post('/api/calls/cancel').send({ token }).expect(409);
    expect(
      await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, id)),
    ).toHaveLength(0);
  });

  it('hands a moved call to a colleague when its admin is taken then: a new call for one, a cancellation for the other', async () => {
    const patrick = 'patrick.ilunga@lisanga-digital.cd';
    const user = await insertBookableAdmin(ctx.database.db, {
      email: patrick,
      firstName: 'Patrick',
      lastName: 'Ilunga',
    });
    try {
      const first = await requestCall('first.handover@example.cd', '10.30.0.7');
      const second = await requestCall('second.handover@example.cd', '10.30.0.8');
      const firstToken = tokenOf(first.bookingPath);
      const secondToken = tokenOf(second.bookingPath);
      const page = await app().get('/api/calls').query({ token: firstToken }).expect(200);
      // The last two times offered: the earlier tests book Nadine in the first days, and at some
      // hours (an evening in Kinshasa) their times are these tests' first ones.
      const [one, two] = (page.body.slots as { startsAt: string }[]).slice(-2);
      if (!one || !two) throw new Error('not enough slots');
      // Nadine, the earlier admin, takes both; then the first call moves to the second's time.
      await app().post('/api/calls/book').send({ token: firstToken, startsAt: one.startsAt }).expect(201);
      await app().post('/api/calls/book').send({ token: secondToken, startsAt: two.startsAt }).expect(201);
      await ctx.testApp.deps.email.worker.runOnce();
      const before = ctx.smtp.messages().length;
      const moved = await app()
        .post('/api/calls/reschedule')
        .send({ token: firstToken, startsAt: two.startsAt })
        .expect(200);
      expect(moved.body.call).toMatchObject({ startsAt: two.startsAt, withName: 'Patrick Ilunga' });
      await ctx.testApp.deps.email.worker.runOnce();
      const sent = ctx.smtp.messages().slice(before);
      const toPatrick = sent.filter((m) => m.envelope.to.includes(patrick));
      const toNadine = sent.filter((m) => m.envelope.to.includes(STAFF));
      expect(toPatrick.map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Appel réservé\s: Amani Kabeya/),
      ]);
      expect(parseInvitation(calendarPart(toPatrick[0] as CapturedEmail)).method).toBe('REQUEST');
      expect(toNadine.map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Appel annulé\s: Amani Kabeya/),
      ]);
      expect(parseInvitation(calendarPart(toNadine[0] as CapturedEmail)).method).toBe('CANCEL');
    } finally {
      await ctx.database.db.update(adminUsers).set({ bookable: false }).where(eq(adminUsers.id, user.id));
    }
  });
});
