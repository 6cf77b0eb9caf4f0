import { Router } from 'express';
import type { ContactTouchKind } from '#common/enums.ts';
import {
  type AdminContactDetail,
  ContactFiltersSchema,
  ContactFollowUpSchema,
  ContactListQuerySchema,
  ContactNoteInputSchema,
  ContactStatusChangeSchema,
  ContactTouchSchema,
} from '#common/schemas/admin.ts';
import { contactCall } from '../../admin/booking.ts';
import {
  addContactNote,
  CONTACT_TOUCH_TEXTS,
  contactTimeline,
  updateContactFollowUp,
} from '../../admin/contact-follow-up.ts';
import {
  changeContactStatus,
  clearContactReview,
  exportContactsCsv,
  findContact,
  listContacts,
} from '../../admin/contacts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { csvExportRoute, itemRoute, listRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

const contactNotFound = () => notFound('Contact introuvable.');

/** /api/admin/contacts: the leads' list, detail, status, follow-up, timeline, review and CSV export. */
export function contactsAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;

  // The follow-up filters (late, due today) read the clock.
  router.get(
    '/',
    listRoute(db, ContactListQuerySchema, (db, query) => listContacts(db, query, now())),
  );

  // Before '/:id', which would otherwise take "export.csv" for an id.
  router.get(
    '/export.csv',
    csvExportRoute(
      db,
      'contacts',
      ContactFiltersSchema,
      (db, filters, adminId) => exportContactsCsv(db, filters, adminId, now()),
      now,
    ),
  );

  // The lead, its discovery call when it booked one (docs/decisions/078-call-booking-admin.md) and
  // the visit that brought it (docs/decisions/084-first-party-audience.md).
  router.get('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const found = await findContact(db, id);
    if (!found) throw contactNotFound();
    const detail: AdminContactDetail = { ...found, call: await contactCall(db, id) };
    res.json(detail);
  });

  router.patch(
    '/:id/status',
    itemRoute('contact', contactNotFound, (id, req, res) => {
      const { status } = parseInput(ContactStatusChangeSchema, req.body ?? {});
      return changeContactStatus(db, deps.events, { id, status, adminId: adminOf(res).user.id });
    }),
  );

  // "Ce n'est pas du spam" on a lead kept "À vérifier": the staff's email and push go out now
  // (docs/decisions/083-leads-kept-for-review.md); a second click changes nothing.
  router.post(
    '/:id/not-spam',
    itemRoute('contact', contactNotFound, async (id, _req, res) => {
      const contact = await clearContactReview(
        db,
        { events: deps.events, staffNotification: deps.leads.staffNotification },
        { id, adminId: adminOf(res).user.id },
      );
      deps.email.worker.wake();
      deps.push.worker.wake();
      return contact;
    }),
  );

  router.patch(
    '/:id/follow-up',
    itemRoute('contact', contactNotFound, (id, req, res) => {
      const changes = parseInput(ContactFollowUpSchema, req.body ?? {});
      return updateContactFollowUp(db, deps.events, { id, changes, adminId: adminOf(res).user.id });
    }),
  );

  router.get(
    '/:id/timeline',
    itemRoute('entries', contactNotFound, (id) => contactTimeline(db, id)),
  );

  /** POST of one timeline entry, made from the request body by `entryOf`: 201 with the entry. */
  const timelineEntryRoute = (
    entryOf: (body: unknown) => { kind: 'note' | ContactTouchKind; body: string },
  ) =>
    itemRoute(
      'entry',
      contactNotFound,
      (id, req, res) =>
        addContactNote(db, deps.events, { id, ...entryOf(req.body ?? {}), adminId: adminOf(res).user.id }),
      201,
    );

  router.post(
    '/:id/notes',
    timelineEntryRoute((body) => ({ kind: 'note', body: parseInput(ContactNoteInputSchema, body).body })),
  );

  // A quick action the admin opened (email, call, WhatsApp): its own fixed text.
  router.post(
    '/:id/touches',
    timelineEntryRoute((body) => {
      const { kind } = parseInput(ContactTouchSchema, body);
      return { kind, body: CONTACT_TOUCH_TEXTS[kind] };
    }),
  );

  return router;
}
