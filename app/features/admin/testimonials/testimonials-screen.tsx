/**
 * The testimonials screen (docs/decisions/086-testimonials.md): every testimonial, hidden ones
 * too, in the order of the public site. Per testimonial: move up/down, show/hide on the site,
 * edit (with a preview of the public card), delete (confirmed). Seeded examples say "Démo" until
 * the agency edits them.
 */
import { useQuery } from '@tanstack/react-query';
import Quote from 'lucide-react/icons/quote';
import type { AdminTestimonial } from '#common/schemas/testimonials-admin.ts';
import { roleLine } from '~/components/testimonial-card';
import { Badge } from '../kit/badge';
import { OrderedItemsScreen } from '../kit/ordered-items-screen';
import { PortraitSummary } from '../kit/thumbnail';
import {
  adminTestimonialsQuery,
  deleteTestimonialMutation,
  moveTestimonialMutation,
  saveTestimonialMutation,
  toggleTestimonialMutation,
} from './data';
import { TestimonialForm } from './testimonial-form';

export function TestimonialsScreen() {
  return (
    <OrderedItemsScreen
      list={useQuery(adminTestimonialsQuery)}
      title="Témoignages"
      description="Les mots de vos clients, sur la page d’accueil, la page À propos, les services et les études de cas liés, dans cet ordre."
      addLabel="Ajouter un témoignage"
      listLabel="Témoignages"
      rowHeight="h-40 md:h-[6.8rem]"
      empty={{
        title: 'Aucun témoignage pour le moment.',
        children: 'Sans témoignage visible, le site n’affiche pas la section « Ils parlent de nous ».',
      }}
      row={{
        testId: 'testimonial-row',
        name: (testimonial) => testimonial.authorName,
        mutations: { move: moveTestimonialMutation, toggle: toggleTestimonialMutation },
        content: (testimonial) => <TestimonialSummary testimonial={testimonial} />,
      }}
      form={{
        component: TestimonialForm,
        editTitle: 'Modifier le témoignage',
        newDescription:
          'Il apparaît sur la page d’accueil, la page À propos, et à côté des services et de l’étude de cas choisis.',
        save: { mutation: saveTestimonialMutation, fallback: 'Le témoignage n’a pas pu être enregistré.' },
      }}
      remove={{
        mutation: deleteTestimonialMutation,
        title: (testimonial) => <>Supprimer le témoignage de {testimonial?.authorName} ?</>,
        warning:
          'Le témoignage, son portrait et son logo seront supprimés définitivement. Pour ne plus l’afficher sans rien perdre, masquez-le plutôt.',
      }}
    />
  );
}

function TestimonialSummary({ testimonial }: { testimonial: AdminTestimonial }) {
  const role = roleLine(testimonial);
  return (
    <PortraitSummary
      src={testimonial.photoUrl ?? testimonial.logoUrl}
      icon={Quote}
      name={testimonial.authorName}
      badges={
        <>
          {testimonial.isActive ? null : <Badge tone="gray">Masqué</Badge>}
          {testimonial.isDemo ? <Badge tone="amber">Démo</Badge> : null}
        </>
      }
    >
      {role ? <p className="truncate text-sm text-brand-800">{role}</p> : null}
      <p className="line-clamp-2 text-sm text-gray-600">« {testimonial.quote} »</p>
    </PortraitSummary>
  );
}
