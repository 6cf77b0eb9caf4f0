import express, { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { kinshasaDate } from '#common/kinshasa.ts';
import {
  SubscriberFiltersSchema,
  SubscriberImportQuerySchema,
  SubscriberListQuerySchema,
  SubscriberUpdateSchema,
  TagSchema,
} from '#common/schemas/admin.ts';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, importSubscribers } from '../../admin/import.ts';
import {
  clearSubscriberReview,
  eraseSubscriberForAdmin,
  exportSubscriberForAdmin,
  exportSubscribersCsv,
  listSubscribers,
  updateSubscriber,
} from '../../admin/subscribers.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { newsletterFromDeps } from '../../newsletter/newsletter.ts';
import { csvExportRoute, itemRoute, listRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

/** The import's tags obey the same rule as tags edited one by one. */
const ImportTagsSchema = z.object({ tags: z.array(TagSchema).max(30, { error: '30 étiquettes au plus' }) });

const subscriberNotFound = () => notFound('Abonné introuvable.');

/** The raw CSV as a string body; beyond the size limit, a 413 that names the limit. */
const csvBody: RequestHandler = (req, res, next) => {
  express.text({ type: 'text/csv', limit: IMPORT_MAX_BYTES })(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
      next(new HttpError(413, 'payload_too_large', IMPORT_TOO_LARGE_MESSAGE));
      return;
    }
    next(error);
  });
};

/** /api/admin/newsletter: subscribers' list, edit, CSV export and import, export and erasure. */
export function newsletterAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;
  const newsletter = newsletterFromDeps(deps);

  router.get('/', listRoute(db, SubscriberListQuerySchema, listSubscribers));

  router.get(
    '/export.csv',
    csvExportRoute(db, 'abonnes', SubscriberFiltersSchema, exportSubscribersCsv, now),
  );

  // "Ce n'est pas du spam" on a sign-up kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md).
  router.post(
    '/:id/not-spam',
    itemRoute('subscriber', subscriberNotFound, async (id, _req, res) => {
      const subscriber = await clearSubscriberReview(db, deps.events, { id, adminId: adminOf(res).user.id });
      deps.push.worker.wake();
      return subscriber;
    }),
  );

  // The raw file as the body; the app's JSON parser leaves text/csv alone.
  router.post('/import', csvBody, async (req, res) => {
    const query = parseInput(SubscriberImportQuerySchema, req.query);
    parseInput(ImportTagsSchema, { tags: query.tags });
    if (typeof req.body !== 'string') {
      throw new HttpError(
        415,
        'unsupported_media_type',
        'Envoyez le fichier au format CSV (en-tête Content-Type: text/csv).',
      );
    }
    const admin = adminOf(res).user;
    const result = await importSubscribers(db, newsletter, req.body, {
      consented: query.consented,
      tags: query.tags,
      admin: { id: admin.id, email: admin.email },
      at: now(),
    });
    if (result.emailsQueued) deps.email.worker.wake();
    if (result.created > 0 || result.existing > 0) {
      await deps.events.publish(db, { channel: 'dashboard', type: 'stats_update', data: {} });
    }
    const { emailsQueued: _, ...body } = result;
    res.json(body);
  });

  router.patch(
    '/:id',
    itemRoute('subscriber', subscriberNotFound, (id, req, res) => {
      const update = parseInput(SubscriberUpdateSchema, req.body ?? {});
      return updateSubscriber(db, { id, update, adminId: adminOf(res).user.id });
    }),
  );

  router.get('/:id/export', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const data = await exportSubscriberForAdmin(db, { id, adminId: adminOf(res).user.id, now: now() });
    if (!data) throw subscriberNotFound();
    res.setHeader('Content-Disposition', `attachment; filename="abonne-${kinshasaDate(now())}.json"`);
    res.json(data);
  });

  router.delete(
    '/:id',
    itemRoute(null, subscriberNotFound, (id, _req, res) =>
      eraseSubscriberForAdmin(db, {
        id,
        adminId: adminOf(res).user.id,
        transport: deps.email.transport,
        events: deps.events,
      }),
    ),
  );

  return router;
}
