/**
 * "Copier" under a secret shown once (a new account's password, the recovery codes): it puts
 * `text` on the clipboard and then says it is copied; where the browser refuses, a toast asks to
 * select it and copy it by hand.
 */
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';

export function CopyButton({
  text,
  copiedLabel,
  byHand,
}: {
  text: string;
  /** "Copié", agreeing with what is copied. */
  copiedLabel: string;
  /** The toast's advice when the clipboard is refused. */
  byHand: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({ title: 'Copie impossible', description: byHand });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      {copied ? copiedLabel : 'Copier'}
    </Button>
  );
}
