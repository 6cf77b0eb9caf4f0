import { TemplateListScreen } from '~/features/admin/emails/template-list-screen';

export const meta = () => [{ title: 'Modèles d’email — Administration' }];

/** /admin/emails/templates: the email templates. */
export default function AdminEmailTemplates() {
  return <TemplateListScreen />;
}
