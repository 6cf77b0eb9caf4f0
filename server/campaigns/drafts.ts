/** Writing a campaign before it is sent: creating, editing and deleting drafts (decision 017). */
import { eq } from 'drizzle-orm';
import type { CampaignInput } from '#common/schemas/campaigns.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow, insertRow } from '#db/rows.ts';
import { emailCampaigns, emailTemplates } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { compileForStorage } from '../email/templates.ts';
import { fieldError } from '../errors.ts';
import {
  conflict,
  defaultSender,
  lockCampaign,
  lockUnsentCampaign,
  updateCampaignRow,
} from './campaign-rows.ts';
import { composeCampaignMjml } from './compose.ts';
import type { CampaignRow } from './render.ts';

async function assertTemplate(db: Database, templateId: string): Promise<void> {
  if (!(await hasRow(db, emailTemplates, eq(emailTemplates.id, templateId)))) {
    throw fieldError('templateId', 'Ce modèle n’existe plus : choisissez-en un autre.');
  }
}

/**
 * The campaign's body: the composer's blocks with the MJML made of them, compiled now (a second
 * of CPU at most, once per save, rather than in the worker), or the template it fills.
 */
async function bodyValues(db: Database, input: CampaignInput) {
  if (input.blocks) {
    const mjml = await composeCampaignMjml(db, input.blocks);
    return {
      templateId: null,
      content: {},
      blocks: input.blocks,
      bodyMjml: mjml,
      compiledHtml: await compileForStorage(mjml, 'A composed campaign'),
    };
  }
  await assertTemplate(db, input.templateId ?? '');
  return {
    templateId: input.templateId ?? null,
    content: input.content,
    blocks: null,
    bodyMjml: null,
    compiledHtml: null,
  };
}

async function inputValues(db: Database, input: CampaignInput) {
  const sender = await defaultSender(db);
  return {
    title: input.title,
    subject: input.subject,
    senderName: input.senderName || sender.name,
    senderEmail: input.senderEmail || sender.email,
    segmentFilterJson: input.segment as Record<string, unknown>,
    ...(await bodyValues(db, input)),
  };
}

export async function createCampaign(
  db: Database,
  input: CampaignInput,
  adminId: string,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    const row = await insertRow(tx, emailCampaigns, await inputValues(tx, input));
    await logActivity(tx, {
      type: 'campaign.created',
      title: `Campagne « ${row.title} » créée`,
      userId: adminId,
    });
    return row;
  });
}

export async function updateCampaign(
  db: Database,
  id: string,
  input: CampaignInput,
  adminId: string,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    await lockUnsentCampaign(tx, id, 'Une campagne envoyée ou en cours d’envoi ne peut plus être modifiée.');
    return updateCampaignRow(tx, id, await inputValues(tx, input), adminId, (row) => ({
      type: 'campaign.updated',
      title: `Campagne « ${row.title} » modifiée`,
    }));
  });
}

export async function deleteCampaign(db: Database, id: string, adminId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'draft') {
      throw conflict('Seul un brouillon peut être supprimé. Déprogrammez d’abord une campagne programmée.');
    }
    await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, id));
    await logActivity(tx, {
      type: 'campaign.deleted',
      title: `Campagne « ${current.title} » supprimée`,
      userId: adminId,
    });
  });
}
