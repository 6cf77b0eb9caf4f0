/**
 * The campaign editor's form: what it holds, its values for a campaign or a new one, and how it
 * becomes the API's body.
 */
import type { Control, FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { type CampaignBlock, STARTER_BLOCKS } from '#common/schemas/campaign-blocks.ts';
import {
  type CampaignDetail,
  type CampaignInput,
  CampaignInputSchema,
  type TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';

export type CampaignForm = {
  title: string;
  subject: string;
  /** 'blocks': the composer; 'template': an MJML template ("Avancé"). */
  mode: 'blocks' | 'template';
  blocks: CampaignBlock[];
  templateId: string;
  senderName: string;
  senderEmail: string;
  segment: { tags: string[]; locale: string; subscribedFrom: string; subscribedTo: string };
  content: Record<string, string>;
};

export type CampaignControl = Control<CampaignForm, unknown, CampaignInput>;
export type CampaignErrors = FieldErrors<CampaignForm>;

export const withoutEmpty = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));

/**
 * An empty sender or date means "not set" (the settings' sender, no bound), as the API wants; the
 * body sent is the chosen mode's only (blocks, or a template and its fields).
 */
export const CampaignFormSchema = z.preprocess((raw) => {
  const { mode, blocks, templateId, content, ...form } = raw as CampaignForm;
  const body = mode === 'blocks' ? { blocks } : { templateId, content };
  return {
    ...withoutEmpty({ ...form, ...body, segment: undefined }),
    segment: withoutEmpty(form.segment),
  };
}, CampaignInputSchema);

/** A new campaign starts in the composer with a greeting; each block gets its own id. */
const starterBlocks = () => STARTER_BLOCKS.map((block) => ({ ...block, id: crypto.randomUUID() }));

export function toForm(campaign: CampaignDetail | null): CampaignForm {
  const onTemplate = campaign !== null && campaign.blocks === null && campaign.templateId !== null;
  return {
    title: campaign?.title ?? '',
    subject: campaign?.subject ?? '',
    mode: onTemplate ? 'template' : 'blocks',
    blocks: campaign?.blocks ?? (onTemplate ? [] : starterBlocks()),
    templateId: campaign?.templateId ?? '',
    senderName: campaign?.senderName ?? '',
    senderEmail: campaign?.senderEmail ?? '',
    segment: {
      tags: campaign?.segment.tags ?? [],
      locale: campaign?.segment.locale ?? '',
      subscribedFrom: campaign?.segment.subscribedFrom ?? '',
      subscribedTo: campaign?.segment.subscribedTo ?? '',
    },
    content: { ...(campaign?.content ?? {}) },
  };
}

/**
 * What is saved: the blocks alone, or the template with the fields it shows and those the campaign
 * already had (an announcement's list of publications, written by the server); text typed for
 * another template is dropped.
 */
export function campaignBody(
  values: CampaignInput,
  fields: TemplateVariableInfo[],
  campaign: CampaignDetail | null,
): CampaignInput {
  if (values.blocks) {
    const { content: _unused, ...composed } = values;
    return composed as CampaignInput;
  }
  const names = new Set([...fields.map((b) => b.name), ...Object.keys(campaign?.content ?? {})]);
  return {
    ...values,
    content: Object.fromEntries(Object.entries(values.content).filter(([k]) => names.has(k))),
  };
}
