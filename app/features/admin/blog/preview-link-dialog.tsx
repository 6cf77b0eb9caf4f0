/**
 * The link to a post's real public page before it is published (decision 070), to read it as
 * readers will or to send it to someone (a client, a colleague) who checks it without an account.
 */
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import ExternalLink from 'lucide-react/icons/external-link';
import { useState } from 'react';
import type { PreviewLink } from '#common/schemas/blog-admin.ts';
import { TextField } from '~/components/form-fields';
import { Button, buttonVariants } from '~/components/ui/button';
import { formatDateTime } from '../kit/dates';
import { AdminDialog, DialogBody } from '../kit/dialog-frame';

export function PreviewLinkDialog({ link, onClose }: { link: PreviewLink | null; onClose: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <AdminDialog
      open={link !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(null);
        onClose();
      }}
      title="Lien d’aperçu"
      description={
        link
          ? `La page de l’article telle que les lecteurs la verront, dans sa dernière version enregistrée. Valable jusqu’au ${formatDateTime(link.expiresAt)} : toute personne qui a ce lien peut la lire.`
          : undefined
      }
    >
      <DialogBody>
        <TextField
          label="Lien"
          readOnly
          value={link?.url ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={copy}>
            {copied === 'yes' ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
            Copier le lien
          </Button>
          <a
            href={link?.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'primary', size: 'sm' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Ouvrir l’aperçu
          </a>
          <span role="status" className="text-sm text-gray-700">
            {copied === 'yes'
              ? 'Lien copié.'
              : copied === 'failed'
                ? 'Copie impossible ici : sélectionnez le lien ci-dessus.'
                : ''}
          </span>
        </div>
      </DialogBody>
    </AdminDialog>
  );
}
