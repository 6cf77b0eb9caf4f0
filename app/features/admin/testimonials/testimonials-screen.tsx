/**
 * The testimonials screen (docs/decisions/086-testimonials.md): every testimonial, hidden ones
 * too, in the order of the public site. Per testimonial: move up/down, show/hide on the site,
 * edit (with a preview of the public card), delete (confirmed). Seeded examples say "Démo" until
 * the agency edits them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import Quote from 'lucide-react/icons/quote';
import { useState } from 'react';
import type { AdminTestimonial } from '#common/schemas/testimonials-admin.ts';
import { roleLine } from '~/components/testimonial-card';
import { QueryStates, rowsSkeleton } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { NewItemButton } from '../kit/buttons';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { OrderedList, OrderedRow } from '../kit/ordered-content';
import { AdminPageHeader, Card } from '../kit/page';
import { Thumbnail } from '../kit/thumbnail';
import {
  adminTestimonialsQuery,
  deleteTestimonialMutation,
  moveTestimonialMutation,
  toggleTestimonialMutation,
} from './data';
import { TestimonialDialog } from './testimonial-form';

export function TestimonialsScreen() {
  const list = useQuery(adminTestimonialsQuery);
  // undefined: closed; null: a new testimonial; else the one being edited.
  const [editing, setEditing] = useState<AdminTestimonial | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<AdminTestimonial | null>(null);
  const testimonials = list.data ?? [];

  return (
    <>
      <AdminPageHeader
        title="Témoignages"
        description="Les mots de vos clients, sur la page d’accueil, la page À propos, les services et les études de cas liés, dans cet ordre."
        actions={<NewItemButton onClick={() => setEditing(null)} label="Ajouter un témoignage" />}
      />
      <Card>
        <QueryStates
          query={list}
          skeleton={rowsSkeleton('h-40 md:h-[6.8rem]')}
          isEmpty={(data) => data.length === 0}
          empty={{
            title: 'Aucun témoignage pour le moment.',
            children: 'Sans témoignage visible, le site n’affiche pas la section « Ils parlent de nous ».',
          }}
        >
          {() => (
            <OrderedList items={testimonials} label="Témoignages" busy={list.isFetching}>
              {(testimonial, index) => (
                <TestimonialRow
                  testimonial={testimonial}
                  first={index === 0}
                  last={index === testimonials.length - 1}
                  onEdit={() => setEditing(testimonial)}
                  onDelete={() => setToDelete(testimonial)}
                />
              )}
            </OrderedList>
          )}
        </QueryStates>
      </Card>
      <TestimonialDialog
        open={editing !== undefined}
        testimonial={editing ?? null}
        testimonials={testimonials}
        onClose={() => setEditing(undefined)}
      />
      <DeleteTestimonialDialog testimonial={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function TestimonialRow({
  testimonial,
  first,
  last,
  onEdit,
  onDelete,
}: {
  testimonial: AdminTestimonial;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const role = roleLine(testimonial);
  return (
    <OrderedRow
      item={testimonial}
      name={testimonial.authorName}
      testId="testimonial-row"
      first={first}
      last={last}
      mutations={{ move: moveTestimonialMutation, toggle: toggleTestimonialMutation }}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Thumbnail
          src={testimonial.photoUrl ?? testimonial.logoUrl}
          icon={Quote}
          size={48}
          className="size-12 rounded-full"
          placeholderClassName="bg-brand-100 text-brand-800"
        />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-gray-900">{testimonial.authorName}</span>
            {testimonial.isActive ? null : <Badge tone="gray">Masqué</Badge>}
            {testimonial.isDemo ? <Badge tone="amber">Démo</Badge> : null}
          </p>
          {role ? <p className="truncate text-sm text-brand-800">{role}</p> : null}
          <p className="line-clamp-2 text-sm text-gray-600">« {testimonial.quote} »</p>
        </div>
      </div>
    </OrderedRow>
  );
}

function DeleteTestimonialDialog({
  testimonial,
  onClose,
}: {
  testimonial: AdminTestimonial | null;
  onClose: () => void;
}) {
  const remove = useMutation(deleteTestimonialMutation());
  return (
    <ConfirmDialog
      open={testimonial !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Supprimer le témoignage de {testimonial?.authorName} ?</>}
      confirmLabel="Supprimer"
      pendingLabel="Suppression..."
      pending={remove.isPending}
      onConfirm={() => {
        if (testimonial) remove.mutate({ item: testimonial }, { onSettled: onClose });
      }}
    >
      Le témoignage, son portrait et son logo seront supprimés définitivement. Pour ne plus l’afficher sans
      rien perdre, masquez-le plutôt.
    </ConfirmDialog>
  );
}
