/**
 * The rich-text editor's two dialogs: a link (its address, and its text when nothing is
 * selected) and an image (uploaded through the media pipeline, which re-encodes it, with its alt
 * text required: a reader who cannot see the image is told what it shows).
 */
import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';
import { LINK_ADDRESS_MESSAGE } from '#common/schemas/fields.ts';
import { TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { FormActions } from '../kit/buttons';
import { AdminDialog, DialogForm } from '../kit/dialog-frame';
import { ImageUpload } from '../kit/image-upload';
import { isAllowedHref } from './extensions';

export const LINK_MESSAGES = {
  hrefRequired: 'Indiquez l’adresse du lien',
  hrefInvalid: LINK_ADDRESS_MESSAGE,
  textRequired: 'Indiquez le texte du lien',
} as const;

export const IMAGE_MESSAGES = {
  srcRequired: 'Choisissez une image',
  altRequired: 'Décrivez l’image en quelques mots',
} as const;

export type LinkRequest = { href: string; needsText: boolean };

/** What the link dialog opens with: the link under the cursor, or a new one (with its text when nothing is selected). */
export function linkRequestOf(editor: Editor | null): LinkRequest | null {
  if (!editor) return null;
  const href = (editor.getAttributes('link').href as string | undefined) ?? '';
  return { href, needsText: editor.state.selection.empty && !href };
}

/** The dialog's answer applied to the text: a new linked text, or the selection linked. */
function applyLink(editor: Editor | null, request: LinkRequest | null, link: { href: string; text: string }) {
  if (!editor) return;
  const chain = editor.chain().focus();
  if (request?.needsText) {
    chain
      .insertContent({ type: 'text', text: link.text, marks: [{ type: 'link', attrs: { href: link.href } }] })
      .run();
  } else {
    chain.extendMarkRange('link').setLink({ href: link.href }).run();
  }
}

function removeLink(editor: Editor | null) {
  editor?.chain().focus().extendMarkRange('link').unsetLink().run();
}

export function LinkDialog({
  request,
  onClose,
  onApply,
  onRemove,
  allows = isAllowedHref,
}: {
  request: LinkRequest | null;
  onClose: () => void;
  onApply: (link: { href: string; text: string }) => void;
  onRemove: () => void;
  /** The addresses accepted (an email's links are stricter than a page's: no `#anchor`). */
  allows?: (href: string) => boolean;
}) {
  const [href, setHref] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ href?: string; text?: string }>({});
  useEffect(() => {
    if (!request) return;
    setHref(request.href);
    setText('');
    setErrors({});
  }, [request]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = href.trim();
    const next = {
      href: !value ? LINK_MESSAGES.hrefRequired : allows(value) ? undefined : LINK_MESSAGES.hrefInvalid,
      text: request?.needsText && !text.trim() ? LINK_MESSAGES.textRequired : undefined,
    };
    setErrors(next);
    if (next.href || next.text) return;
    onApply({ href: value, text: text.trim() });
  };

  return (
    <AdminDialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={request?.href ? 'Modifier le lien' : 'Ajouter un lien'}
    >
      <DialogForm
        onSubmit={submit}
        footer={
          <>
            {request?.href ? (
              <Button type="button" variant="ghost" className="mr-auto" onClick={onRemove}>
                Retirer le lien
              </Button>
            ) : null}
            <FormActions pending={false} onCancel={onClose} submitLabel="Appliquer" />
          </>
        }
      >
        <TextField
          label="Adresse du lien"
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://… ou /services"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          error={errors.href}
        />
        {request?.needsText ? (
          <TextField
            label="Texte du lien"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={errors.text}
          />
        ) : null}
      </DialogForm>
    </AdminDialog>
  );
}

/** The link dialog bound to an editor: its answer links the text, "Retirer le lien" unlinks it. */
export function EditorLinkDialog({
  editor,
  request,
  onClose,
  allows,
}: {
  editor: Editor | null;
  request: LinkRequest | null;
  onClose: () => void;
  allows?: (href: string) => boolean;
}) {
  return (
    <LinkDialog
      request={request}
      allows={allows}
      onClose={onClose}
      onRemove={() => {
        removeLink(editor);
        onClose();
      }}
      onApply={(link) => {
        applyLink(editor, request, link);
        onClose();
      }}
    />
  );
}

export type ImageRequest = { src: string | null; alt: string; file: File | null };

export function ImageDialog({
  request,
  onClose,
  onInsert,
}: {
  request: ImageRequest | null;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  useEffect(() => {
    if (!request) return;
    setSrc(request.src);
    setAlt(request.alt);
    setErrors({});
  }, [request]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      src: src ? undefined : IMAGE_MESSAGES.srcRequired,
      alt: alt.trim() ? undefined : IMAGE_MESSAGES.altRequired,
    };
    setErrors(next);
    if (!src || next.alt) return;
    onInsert({ src, alt: alt.trim() });
  };

  const editing = request?.src != null;
  return (
    <AdminDialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={editing ? 'Modifier l’image' : 'Insérer une image'}
      wide
    >
      <DialogForm
        onSubmit={submit}
        footer={
          <FormActions
            pending={false}
            onCancel={onClose}
            submitLabel={editing ? 'Enregistrer' : 'Insérer l’image'}
          />
        }
      >
        <ImageUpload
          label="Image"
          value={src}
          onChange={setSrc}
          error={errors.src}
          pendingFile={request?.file ?? null}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label="Texte alternatif"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            error={errors.alt}
            maxLength={200}
          />
          <p className="text-xs text-gray-600">
            Ce que montre l’image, pour qui ne la voit pas (lecteur d’écran, connexion lente).
          </p>
        </div>
      </DialogForm>
    </AdminDialog>
  );
}
