/**
 * The composer or the MJML editor (decision 103). To MJML: the blocks as the MJML they compose
 * to (the expert's switch). Back: the MJML read as blocks, with what could not be (a table, a
 * condition) kept as MJML blocks, or the reason the composer cannot open it, said in French.
 */
import { useQueryClient } from '@tanstack/react-query';
import Code from 'lucide-react/icons/code';
import LayoutList from 'lucide-react/icons/layout-list';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { templateCompileQuery, templateToBlocks } from '../data';
import { declaredVariables, type TemplateFormApi } from './form';

export function ModeSwitch({ form, composing }: { form: TemplateFormApi; composing: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (change: () => Promise<string | null>) => {
    setBusy(true);
    try {
      setMessage(await change());
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const toMjml = () =>
    run(async () => {
      const blocks = form.getValues('blocks');
      if (!blocks) return null;
      const variables = declaredVariables(form.getValues('variables'));
      const compiled = await queryClient.fetchQuery(templateCompileQuery('', variables, blocks));
      if (compiled.mjml) form.setValue('mjml', compiled.mjml, { shouldDirty: true });
      form.setValue('blocks', undefined, { shouldDirty: true });
      return null;
    });
  const toBlocks = () =>
    run(async () => {
      const result = await templateToBlocks(form.getValues('mjml') ?? '');
      if (result.blocks) form.setValue('blocks', result.blocks, { shouldDirty: true });
      return result.message;
    });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">
          {composing
            ? 'Écrivez l’email bloc par bloc ; les informations propres à chaque envoi sont des étiquettes.'
            : 'Mode expert : le source MJML de l’email, les variables entre accolades.'}
        </p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          disabled={busy}
          onClick={composing ? toMjml : toBlocks}
        >
          {composing ? (
            <Code className="size-4" aria-hidden="true" />
          ) : (
            <LayoutList className="size-4" aria-hidden="true" />
          )}
          {composing ? 'Mode expert (MJML)' : 'Ouvrir dans le composeur'}
        </Button>
      </div>
      <p role="status" className="text-sm text-gray-800 empty:hidden">
        {message}
      </p>
    </div>
  );
}
