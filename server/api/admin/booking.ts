import { type Request, type Response, Router } from 'express';
import { kinshasaDate, WEEK_MS, weekStart } from '#common/kinshasa.ts';
import {
  AvailabilityQuerySchema,
  availabilitySchema,
  CallsQuerySchema,
  MoveCallSchema,
} from '#common/schemas/booking-admin.ts';
import { listCalls, readAvailability, saveAvailability } from '../../admin/booking.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { IdParamsSchema } from './params.ts';

const adminNotFound = () => notFound('Utilisateur introuvable.');

/** The role that may set up someone else's availability (docs/product.md §6.2: the only one today). */
const TEAM_ROLE = 'admin';

/** Whose availability: the signed-in admin's, or with `?adminId=` a colleague's (for the team role). */
function targetAdmin(req: Request, res: Response): string {
  const { adminId } = parseInput(AvailabilityQuerySchema, req.query);
  const { user } = adminOf(res);
  if (!adminId || adminId === user.id) return user.id;
  if (user.role !== TEAM_ROLE) {
    throw new HttpError(403, 'forbidden', 'Vous ne pouvez modifier que vos propres disponibilités.');
  }
  return adminId;
}

/**
 * /api/admin/booking: the admins' availability for discovery calls and the agenda of booked calls
 * (contract: common/schemas/booking-admin.ts; docs/decisions/078-call-booking-admin.md).
 */
export function bookingAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/availability', async (req, res) => {
    const at = now();
    const availability = await readAvailability(db, targetAdmin(req, res), kinshasaDate(at), at);
    if (!availability) throw adminNotFound();
    res.json({ availability });
  });

  router.put('/availability', async (req, res) => {
    const adminId = targetAdmin(req, res);
    const today = kinshasaDate(now());
    const change = parseInput(availabilitySchema(today), req.body ?? {});
    const availability = await saveAvailability(db, {
      adminId,
      change,
      actorId: adminOf(res).user.id,
      today,
      now: now(),
    });
    if (!availability) throw adminNotFound();
    res.json({ availability });
  });

  router.get('/calls', async (req, res) => {
    const query = parseInput(CallsQuerySchema, req.query);
    // Without a period, this week (the schema lets through both ends or neither).
    const from = query.from ? new Date(query.from) : weekStart(now());
    const to = query.to ? new Date(query.to) : new Date(from.getTime() + WEEK_MS);
    res.json({ calls: await listCalls(db, from, to) });
  });

  // The agency offers the call to a lead without a link: the email of a call request's.
  router.post('/contacts/:id/link', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    await deps.calls.sendBookingLink(db, { leadId: id, adminId: adminOf(res).user.id, now: now() });
    deps.email.worker.wake();
    res.status(202).json({ sent: true });
  });

  // The agency cancels a call it cannot take: the visitor gets apologies and a link to pick
  // another time (docs/decisions/077-call-booking.md). A cancelled call is answered as it is.
  router.post('/calls/:id/cancel', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const call = await deps.calls.cancelByStaff(db, {
      bookingId: id,
      adminId: adminOf(res).user.id,
      now: now(),
    });
    deps.email.worker.wake();
    deps.push.worker.wake();
    res.json({ call: { id: call.id, status: call.status } });
  });

  // The free times a call can move to (every one of the horizon, on the call's admin first).
  router.get('/calls/:id/slots', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    res.json({ slots: await deps.calls.staffSlots(db, { bookingId: id, now: now() }) });
  });

  // The agency moves a call: the visitor gets the new time and the updated invitation. A call
  // already at that time is answered as it is (a retried click sends nothing twice).
  router.post('/calls/:id/move', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { startsAt } = parseInput(MoveCallSchema, req.body ?? {});
    const call = await deps.calls.moveByStaff(db, {
      bookingId: id,
      startsAt: new Date(startsAt),
      adminId: adminOf(res).user.id,
      now: now(),
    });
    deps.email.worker.wake();
    deps.push.worker.wake();
    res.json({ call: { id: call.id, status: call.status, startsAt: call.startsAt.toISOString() } });
  });

  return router;
}
