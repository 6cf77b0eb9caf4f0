import { Router } from 'express';
import {
  ContactFiltersSchema,
  ContactListQuerySchema,
  ContactStatusChangeSchema,
} from '#common/schemas/admin.ts';
import { changeContactStatus, exportContactsCsv, findContact, listContacts } from '../../admin/contacts.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { csvExportRoute, itemRoute, listRoute } from './item-routes.ts';

const contactNotFound = () => notFound('Contact introuvable.');

/** /api/admin/contacts: the leads' list, detail, status and CSV export. */
export function contactsAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', listRoute(db, ContactListQuerySchema, listContacts));

  // Before '/:id', which would otherwise take "export.csv" for an id.
  router.get('/export.csv', csvExportRoute(db, 'contacts', ContactFiltersSchema, exportContactsCsv, now));

  router.get(
    '/:id',
    itemRoute('contact', contactNotFound, (id) => findContact(db, id)),
  );

  router.patch(
    '/:id/status',
    itemRoute('contact', contactNotFound, (id, req, res) => {
      const { status } = parseInput(ContactStatusChangeSchema, req.body ?? {});
      return changeContactStatus(db, deps.events, { id, status, adminId: adminOf(res).user.id });
    }),
  );

  return router;
}
