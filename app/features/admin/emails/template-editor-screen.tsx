/**
 * Writing an email template. A template in the site's layout is written in blocks, like a
 * campaign (decision 103): headings, texts, buttons, chips for the information of each sending,
 * and its preview at a phone's width or a computer's; the MJML editor is the expert's switch
 * (decision 019), and a new template starts there. The name, the subject and the variables are
 * the same in both.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  type EmailTemplateDetail,
  type MjmlProblem,
  TemplateCreateSchema,
} from '#common/schemas/campaigns.ts';
import { Button } from '~/components/ui/button';
import { reportSaveError } from '~/lib/api';
import { Badge } from '../kit/badge';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { formatDateTime } from '../kit/dates';
import {
  EditorActionBar,
  EditorDeleteButton,
  EditorMoreMenu,
  type ItemList,
  ListBackLink,
  ListItemLoader,
  UnsavedNote,
  WIDE_ONLY,
} from '../kit/item-screen';
import { AdminPageHeader } from '../kit/page';
import {
  deleteTemplateMutation,
  mjmlErrorsOf,
  saveTemplateMutation,
  type TemplateValues,
  templateQuery,
} from './data';
import { ComposerPane } from './template/composer-pane';
import { type TemplateForm, toForm } from './template/form';
import { IdentityCard } from './template/identity-card';
import { MjmlPane } from './template/mjml-pane';
import { ModeSwitch } from './template/mode-switch';
import { VariablesCard } from './template/variables-card';

const TEMPLATES: ItemList = {
  to: '/admin/emails/templates',
  label: 'Tous les modèles',
  missing: 'Ce modèle n’existe pas ou a été supprimé.',
};

export function TemplateEditorScreen({ templateId }: { templateId: string }) {
  if (templateId === 'new') return <TemplateEditor template={null} />;
  return (
    <ListItemLoader
      list={TEMPLATES}
      options={templateQuery(templateId)}
      render={(template) => <TemplateEditor key={template.id} template={template} />}
    />
  );
}

function TemplateEditor({ template }: { template: EmailTemplateDetail | null }) {
  const navigate = useNavigate();
  const [saveProblems, setSaveProblems] = useState<MjmlProblem[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<TemplateForm, unknown, TemplateValues>({
    resolver: zodResolver(TemplateCreateSchema),
    defaultValues: toForm(template),
  });
  const blocks = form.watch('blocks');

  const save = useMutation(
    saveTemplateMutation({
      onSuccess: (saved) => {
        setSaveProblems([]);
        form.reset(toForm(saved));
        if (!template) navigate(`/admin/emails/templates/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        setSaveProblems(mjmlErrorsOf(error));
        reportSaveError(error, form.setError, ['mjml', 'blocks', 'key', 'name', 'subject', 'variables.*']);
      },
    }),
  );
  const remove = useMutation(
    deleteTemplateMutation({
      onSuccess: () => navigate('/admin/emails/templates'),
      onError: () => setConfirmDelete(false),
    }),
  );
  const busy = save.isPending || remove.isPending;

  return (
    <>
      <ListBackLink list={TEMPLATES} />
      <AdminPageHeader
        title={template ? `Modèle : ${template.name}` : 'Nouveau modèle'}
        description={
          template
            ? `Clé ${template.key}, modifié le ${formatDateTime(template.updatedAt)}.`
            : 'Écrivez le modèle en MJML ; les variables s’écrivent {{nom}}.'
        }
        actions={template?.builtIn ? <Badge tone="blue">Modèle intégré au site</Badge> : null}
      />
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate({ id: template?.id ?? null, values }))}
        className="flex flex-col gap-6"
      >
        <IdentityCard form={form} isNew={template === null} composing={blocks !== undefined} />
        <ModeSwitch form={form} composing={blocks !== undefined} />
        {blocks ? (
          <ComposerPane form={form} blocks={blocks} />
        ) : (
          <MjmlPane form={form} saveProblems={saveProblems} />
        )}
        <VariablesCard form={form} folded={blocks !== undefined} />
        <EditorActionBar oneRow>
          <Button type="submit" size="sm" disabled={busy} className="shrink-0">
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          {form.formState.isDirty ? <UnsavedNote /> : null}
          {template && !template.builtIn ? (
            <>
              <EditorDeleteButton
                disabled={busy}
                className={WIDE_ONLY}
                onClick={() => setConfirmDelete(true)}
              />
              <EditorMoreMenu
                actions={[
                  {
                    label: 'Supprimer',
                    icon: Trash2,
                    danger: true,
                    disabled: busy,
                    onSelect: () => setConfirmDelete(true),
                  },
                ]}
              />
            </>
          ) : null}
        </EditorActionBar>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Supprimer ce modèle ?"
        confirmLabel="Supprimer définitivement"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={() => (template ? remove.mutate(template) : undefined)}
      >
        <p>
          Le modèle « {template?.name} » sera supprimé. Une campagne qui l’utilise empêche la suppression.
        </p>
      </ConfirmDialog>
    </>
  );
}
