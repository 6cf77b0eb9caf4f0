/** The campaign as its recipients will see it, with example values, in a sandboxed frame. */
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '~/lib/api';
import { AdminDialog, DialogBody, type DialogProps } from '../kit/dialog-frame';
import { Lines, Loading } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { campaignPreviewQuery } from './data';
import { EmailFrame } from './email-frame';

export function CampaignPreviewDialog({
  campaignId,
  open,
  onOpenChange,
}: DialogProps & { campaignId: string }) {
  const preview = useQuery({ ...campaignPreviewQuery(campaignId), enabled: open });
  return (
    <AdminDialog wide open={open} onOpenChange={onOpenChange} title="Aperçu de la campagne">
      <DialogBody>
        {preview.isPending ? (
          <Loading label="Préparation de l’aperçu…">
            <Lines widths={['w-1/2']} />
            <Lines widths={['w-3/4']} className="mt-4" />
            <div className="mt-4 h-[60dvh] rounded-lg border border-gray-200 bg-white" />
          </Loading>
        ) : preview.isError ? (
          <ErrorState error={new Error(errorMessage(preview.error))} onRetry={() => void preview.refetch()} />
        ) : (
          <>
            <p className="text-sm text-gray-700">
              <span className="font-medium">Objet :</span> {preview.data.subject}
            </p>
            <p className="text-xs text-gray-600">
              Avec des valeurs d’exemple ; les liens de désinscription de l’aperçu ne désinscrivent personne.
            </p>
            <EmailFrame html={preview.data.html} title="Aperçu de l’email" className="h-[60dvh]" />
          </>
        )}
      </DialogBody>
    </AdminDialog>
  );
}
