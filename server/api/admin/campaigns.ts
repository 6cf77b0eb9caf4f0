/**
 * /api/admin/campaigns (decision 017; contract in common/schemas/campaigns.ts): campaigns' list and
 * editor, live segment count, preview, test send, the lifecycle (send, schedule, pause, resume,
 * cancel) and the new-content announcements. The rules live in server/campaigns/campaigns.ts;
 * this file parses, answers, and wakes the worker after a commit that gave it work.
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  AnnouncementSchema,
  type CampaignDetail,
  CampaignInputSchema,
  CampaignListQuerySchema,
  type CampaignPreview,
  CampaignScheduleSchema,
  CampaignTestSchema,
  ComposePreviewSchema,
  SegmentSchema,
} from '#common/schemas/campaigns.ts';
import { UuidSchema } from '#common/schemas/public-api.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { createAnnouncement, listPendingPublications } from '../../campaigns/announcements.ts';
import { campaignNotFound, findCampaign } from '../../campaigns/campaign-rows.ts';
import {
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  sendCampaignNow,
  unscheduleCampaign,
} from '../../campaigns/campaigns.ts';
import { composeCampaignMjml } from '../../campaigns/compose.ts';
import { createCampaign, deleteCampaign, updateCampaign } from '../../campaigns/drafts.ts';
import { listCampaigns, presentCampaign } from '../../campaigns/present.ts';
import {
  CampaignRenderError,
  exampleLinks,
  loadRenderContext,
  renderCampaign,
} from '../../campaigns/render.ts';
import { campaignResults } from '../../campaigns/results.ts';
import { countSegment } from '../../campaigns/segment.ts';
import { exampleFirstName, queueCampaignTest, subscriberNamed } from '../../campaigns/test-send.ts';
import { compileForStorage } from '../../email/templates.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { listRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

/** The id a preview of unsaved blocks renders under: it announces no publication. */
const NO_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

const PreviewQuerySchema = z.object({ subscriberId: UuidSchema.optional() });
const SegmentCountSchema = z.object({ segment: SegmentSchema });

export function campaignsAdminRouter(deps: AppDeps, now: () => Date = () => new Date()): Router {
  const router = Router();
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;

  const detail = async (
    row: Parameters<typeof presentCampaign>[1],
  ): Promise<{ campaign: CampaignDetail }> => ({
    campaign: await presentCampaign(db, row, publicUrl),
  });
  const load = async (id: string) => {
    const row = await findCampaign(db, id);
    if (!row) throw campaignNotFound();
    return row;
  };

  router.get('/', listRoute(db, CampaignListQuerySchema, listCampaigns));

  // The fixed paths go before '/:id', which would otherwise take them for ids.
  router.post('/segment-count', async (req, res) => {
    const { segment } = parseInput(SegmentCountSchema, req.body ?? {});
    res.json({ count: await countSegment(db, segment) });
  });

  // The composer's live preview: unsaved blocks, example links, the chosen first name or none.
  router.post('/compose-preview', async (req, res) => {
    const input = parseInput(ComposePreviewSchema, req.body ?? {});
    const mjml = await composeCampaignMjml(db, input.blocks);
    const compiledHtml = await compileForStorage(mjml, 'A composed campaign');
    const context = await loadRenderContext(
      db,
      { id: NO_CAMPAIGN, templateId: null, bodyMjml: mjml, compiledHtml },
      publicUrl,
    );
    const rendered = await renderCampaign(db, {
      campaign: { title: '', subject: input.subject, content: {} },
      context,
      firstName: input.firstName,
      links: exampleLinks(publicUrl),
    }).catch(renderProblem);
    const preview: CampaignPreview = { ...rendered, subscriberEmail: null };
    res.json(preview);
  });

  router.get('/new-content', async (_req, res) => {
    res.json({ publications: await listPendingPublications(db, publicUrl) });
  });

  router.post('/announcement', async (req, res) => {
    const { publicationIds } = parseInput(AnnouncementSchema, req.body ?? {});
    const row = await createAnnouncement(db, publicationIds, adminOf(res).user.id, publicUrl);
    res.status(201).json(await detail(row));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(CampaignInputSchema, req.body ?? {});
    const row = await createCampaign(db, input, adminOf(res).user.id);
    res.status(201).json(await detail(row));
  });

  router.get('/:id', async (req, res) => {
    res.json(await detail(await load(idOf(req.params))));
  });

  router.put('/:id', async (req, res) => {
    const id = idOf(req.params);
    const input = parseInput(CampaignInputSchema, req.body ?? {});
    res.json(await detail(await updateCampaign(db, id, input, adminOf(res).user.id)));
  });

  router.delete('/:id', async (req, res) => {
    await deleteCampaign(db, idOf(req.params), adminOf(res).user.id);
    res.status(204).end();
  });

  const subscriber = async (subscriberId: string) => {
    const row = await subscriberNamed(db, subscriberId);
    if (!row) throw notFound('Abonné introuvable.');
    return row;
  };

  router.get('/:id/preview', async (req, res) => {
    const campaign = await load(idOf(req.params));
    const { subscriberId } = parseInput(PreviewQuerySchema, req.query);
    const recipient = subscriberId ? await subscriber(subscriberId) : null;
    const context = await loadRenderContext(db, campaign, publicUrl).catch(renderProblem);
    const rendered = await renderCampaign(db, {
      campaign,
      context,
      firstName: recipient ? recipient.firstName : await exampleFirstName(db, campaign.segmentFilterJson),
      // Never the subscriber's real links, never tracked: a click in a preview changes nothing.
      links: exampleLinks(publicUrl),
    }).catch(renderProblem);
    const preview: CampaignPreview = { ...rendered, subscriberEmail: recipient?.email ?? null };
    res.json(preview);
  });

  router.post('/:id/test', async (req, res) => {
    const id = idOf(req.params);
    const { email, subscriberId } = parseInput(CampaignTestSchema, req.body ?? {});
    const campaign = await load(id);
    const greeted = subscriberId ? await subscriber(subscriberId) : null;
    await queueCampaignTest({ db, outbox: deps.email.outbox, publicUrl }, campaign, {
      email,
      greeted,
      userId: adminOf(res).user.id,
    }).catch(renderProblem);
    deps.email.worker.wake();
    res.status(202).json({ queued: true });
  });

  mountSendingRoutes(router, deps, now);

  return router;
}

const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;

/** The sending lifecycle's routes: send now, schedule, pause, resume, cancel, and the results. */
function mountSendingRoutes(router: Router, deps: AppDeps, now: () => Date): void {
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;
  const events = deps.events;
  const detail = async (
    row: Parameters<typeof presentCampaign>[1],
  ): Promise<{ campaign: CampaignDetail }> => ({
    campaign: await presentCampaign(db, row, publicUrl),
  });

  router.post('/:id/send', async (req, res) => {
    const row = await sendCampaignNow(
      { db, events, publicUrl },
      idOf(req.params),
      adminOf(res).user.id,
      now(),
    );
    deps.campaigns.worker.wake();
    res.json(await detail(row));
  });

  router.post('/:id/schedule', async (req, res) => {
    const id = idOf(req.params);
    const { scheduledAt } = parseInput(CampaignScheduleSchema, req.body ?? {});
    const row = await scheduleCampaign(
      { db, publicUrl },
      id,
      new Date(scheduledAt),
      adminOf(res).user.id,
      now(),
    );
    res.json(await detail(row));
  });

  router.post('/:id/unschedule', async (req, res) => {
    res.json(await detail(await unscheduleCampaign(db, idOf(req.params), adminOf(res).user.id)));
  });

  router.post('/:id/pause', async (req, res) => {
    res.json(await detail(await pauseCampaign(db, idOf(req.params), adminOf(res).user.id, now())));
  });

  router.post('/:id/resume', async (req, res) => {
    const row = await resumeCampaign(db, idOf(req.params), adminOf(res).user.id);
    deps.campaigns.worker.wake();
    res.json(await detail(row));
  });

  router.post('/:id/cancel', async (req, res) => {
    const row = await cancelCampaign({ db, events }, idOf(req.params), adminOf(res).user.id, now());
    res.json(await detail(row));
  });

  router.get('/:id/results', async (req, res) => {
    res.json(await campaignResults(db, idOf(req.params)));
  });
}

/** A template that cannot be rendered is the admin's to fix: a 409 naming the problem, in French. */
function renderProblem(error: unknown): never {
  if (error instanceof CampaignRenderError) throw new HttpError(409, 'template_error', error.message);
  throw error;
}
