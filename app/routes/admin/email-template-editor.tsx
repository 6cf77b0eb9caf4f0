import { useParams } from 'react-router';
import { TemplateEditorScreen } from '~/features/admin/emails/template-editor-screen';

export const meta = () => [{ title: 'Modèle d’email — Administration' }];

/** /admin/emails/templates/:templateId ('new' for a new template): the template editor. */
export default function AdminEmailTemplateEditor() {
  const { templateId = 'new' } = useParams();
  // Keyed: going from one template to another starts a fresh editor.
  return <TemplateEditorScreen key={templateId} templateId={templateId} />;
}
