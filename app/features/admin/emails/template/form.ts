/**
 * The template editor's form: what it holds, and its values for a template or a new one. A new
 * template starts in MJML (it has not the site's layout the composer writes into).
 */
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type {
  EmailTemplateDetail,
  TemplateCreateSchema,
  TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';
import { VARIABLE_NAME } from '#common/schemas/template-blocks.ts';
import type { TemplateValues } from '../data';

export type TemplateForm = z.input<typeof TemplateCreateSchema>;
export type TemplateFormApi = UseFormReturn<TemplateForm, unknown, TemplateValues>;

const STARTER_MJML = `<mjml>
  <mj-body background-color="#f4f7f5">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text>Bonjour{{#firstName}} {{firstName}}{{/firstName}},</mj-text>
        <mj-text>{{message}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section>
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b7280">Lisanga Digital · {{companyAddress}}</mj-text>
        <mj-text align="center" font-size="12px"><a href="{{manageUrl}}">Gérer mes préférences</a> · <a href="{{unsubscribeUrl}}">Se désinscrire</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

const STARTER_VARIABLES: TemplateVariableInfo[] = [
  { name: 'firstName', description: 'Prénom de l’abonné (facultatif)', example: 'Grâce' },
  { name: 'message', description: 'Texte du message', example: 'Voici nos nouveautés du mois.' },
  { name: 'companyAddress', description: 'Adresse postale de l’agence', example: 'Gombe, Kinshasa' },
  {
    name: 'manageUrl',
    description: 'Lien de gestion des préférences',
    example: 'https://example.com/manage',
  },
  {
    name: 'unsubscribeUrl',
    description: 'Lien de désinscription',
    example: 'https://example.com/unsubscribe',
  },
];

export function toForm(template: EmailTemplateDetail | null): TemplateForm {
  return {
    key: template?.key ?? '',
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    mjml: template?.mjml ?? STARTER_MJML,
    blocks: template?.blocks ?? undefined,
    variables: (template?.variables ?? STARTER_VARIABLES).map((v) => ({
      name: v.name,
      description: v.description ?? '',
      example: v.example ?? '',
    })),
  };
}

/** The declared variables with a usable name, as the preview and the chips' menu take them. */
export function declaredVariables(variables: TemplateForm['variables']): TemplateVariableInfo[] {
  return (variables ?? [])
    .filter((v) => VARIABLE_NAME.test(v.name ?? ''))
    .map((v) => ({ name: v.name, description: v.description ?? '', example: v.example ?? '' }));
}
