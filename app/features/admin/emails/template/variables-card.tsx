/** The variables a template uses between braces: name, description, and the preview's example. */
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { useFieldArray } from 'react-hook-form';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { Card, FieldsetCard } from '../../kit/page';
import type { TemplateFormApi } from './form';

/**
 * In the composer the variables are folded under their count: the chips' menu lists them, and
 * a phone need not scroll past forty fields to reach the blocks' preview.
 */
export function VariablesCard({ form, folded }: { form: TemplateFormApi; folded: boolean }) {
  const { register, control, watch, formState } = form;
  const field = fieldProps(register, formState.errors);
  const variables = useFieldArray({ control, name: 'variables' });
  const watched = watch('variables') ?? [];
  const body = (
    <>
      <p className="mb-3 text-sm text-gray-600">
        Ce que le modèle utilise entre accolades. L’exemple sert à l’aperçu. firstName, manageUrl,
        unsubscribeUrl et companyAddress sont remplis par l’envoi ; les autres deviennent des blocs de contenu
        à écrire dans chaque campagne.
      </p>
      <div className="flex flex-col gap-3">
        {variables.fields.map((variable, index) => (
          <div
            key={variable.id}
            className="grid gap-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[12rem_1fr_1fr_auto] sm:items-start"
          >
            <TextField
              label="Nom"
              autoCapitalize="none"
              spellCheck={false}
              {...field(`variables.${index}.name`)}
            />
            <TextField label="Description" optional {...field(`variables.${index}.description`)} />
            <TextField label="Exemple" optional {...field(`variables.${index}.example`)} />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-red-700 sm:mt-7"
              aria-label={`Retirer la variable ${watched[index]?.name || index + 1}`}
              onClick={() => variables.remove(index)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="sm:sr-only">Retirer</span>
            </Button>
          </div>
        ))}
      </div>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => variables.append({ name: '', description: '', example: '' })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Ajouter une variable
      </Button>
    </>
  );
  if (!folded) return <FieldsetCard legend="Variables">{body}</FieldsetCard>;
  return (
    <Card>
      <details>
        <summary className="cursor-pointer text-base font-semibold text-gray-900">
          Variables ({variables.fields.length})
        </summary>
        <fieldset className="mt-3 min-w-0">
          <legend className="sr-only">Variables</legend>
          {body}
        </fieldset>
      </details>
    </Card>
  );
}
