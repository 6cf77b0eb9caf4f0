/** Sending one test copy of a campaign to an address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CampaignTestSchema } from '#common/schemas/campaigns.ts';
import { TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { toast } from '~/lib/toast';
import { AdminDialog, DialogBody, DialogFooter, type DialogProps } from '../dialog-frame';
import { testSendMutation } from './data';

export function CampaignTestDialog({ campaignId, open, onOpenChange }: DialogProps & { campaignId: string }) {
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(CampaignTestSchema), defaultValues: { email: '' } });
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={test.isPending}
      title="Envoyer un test"
      description="Un exemplaire, objet préfixé de [TEST], avec des liens d'exemple."
    >
      <form
        noValidate
        onSubmit={handleSubmit(({ email }) => test.mutate({ id: campaignId, email }))}
        className="contents"
      >
        <DialogBody>
          <TextField
            label="Adresse email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
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
