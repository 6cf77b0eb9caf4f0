/**
 * Sending one test copy of a campaign to an address, greeting the example first name or, when the
 * admin picks one, an active subscriber of the campaign's first tag (to see the email as they
 * will). The links stay examples: a click in a test unsubscribes nobody.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CampaignDetail, CampaignTestSchema, EXAMPLE_FIRST_NAME } from '#common/schemas/campaigns.ts';
import { fieldProps, SelectField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { AdminDialog, DialogBody, DialogFooter, type DialogProps } from '../kit/dialog-frame';
import { useDebounced } from '../kit/use-debounced';
import { subscribersQuery } from '../newsletter/data';
import { testSendMutation } from './data';

const SEARCH_DEBOUNCE_MS = 300;

export function CampaignTestDialog({
  campaign,
  open,
  onOpenChange,
}: DialogProps & { campaign: CampaignDetail }) {
  // Callbacks on the mutation itself, not on mutate(): they run even if the dialog's form is gone.
  const test = useMutation(
    testSendMutation({
      onSuccess: ({ email }) => {
        onOpenChange(false);
        toast({ title: 'Email de test envoyé', description: email });
      },
      onError: (error) =>
        toast({ title: 'Test impossible', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  const [search, setSearch] = useState('');
  const [subscriberId, setSubscriberId] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const subscribers = useQuery({
    ...subscribersQuery({ status: 'active', tag: campaign.segment.tags[0], q: q || undefined, pageSize: 20 }),
    enabled: open,
  });
  const options = (subscribers.data?.items ?? []).map((s) => ({
    value: s.id,
    label: `${s.firstName ? `${s.firstName} · ` : '(sans prénom) · '}${s.email}`,
  }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(CampaignTestSchema.pick({ email: true })),
    defaultValues: { email: '' },
  });
  const field = fieldProps(register, errors);
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={test.isPending}
      title="Envoyer un test"
      description="Un exemplaire, objet préfixé de [TEST], avec des liens d’exemple."
    >
      <form
        noValidate
        onSubmit={handleSubmit(({ email }) =>
          test.mutate({ id: campaign.id, email, subscriberId: subscriberId || undefined }),
        )}
        className="contents"
      >
        <DialogBody>
          <TextField label="Adresse email" type="email" autoComplete="email" {...field('email')} />
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium text-gray-900">Personnaliser comme</legend>
            <TextField
              label="Chercher un abonné"
              type="search"
              optional
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <SelectField
              label="Abonné"
              placeholder={null}
              options={[{ value: '', label: `Un exemple (prénom : ${EXAMPLE_FIRST_NAME})` }, ...options]}
              value={subscriberId}
              onChange={(event) => setSubscriberId(event.target.value)}
            />
          </fieldset>
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={test.isPending}>
            {test.isPending ? 'Envoi...' : 'Envoyer le test'}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
