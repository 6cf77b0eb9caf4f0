/**
 * The testimonials screen's data. Every write refreshes the list, the dashboard and the activity
 * log (a row was written), and the public testimonials cached in this tab.
 */
import type { AdminTestimonial, TestimonialPatch } from '#common/schemas/testimonials-admin.ts';
import { createAdminQuery } from '../data/admin-data';
import { orderedContentMutations } from '../data/ordered-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';

export const ADMIN_TESTIMONIALS_KEY = '/api/admin/testimonials';

export const adminTestimonialsQuery = createAdminQuery({
  queryKey: [ADMIN_TESTIMONIALS_KEY],
  url: ADMIN_TESTIMONIALS_KEY,
  pick: (body: { testimonials: AdminTestimonial[] }) => body.testimonials,
});

const TESTIMONIAL_WRITE_REFRESHES = [
  ADMIN_TESTIMONIALS_KEY,
  DASHBOARD_KEY,
  ACTIVITY_KEY,
  '/api/testimonials',
];

export const {
  save: saveTestimonialMutation,
  toggle: toggleTestimonialMutation,
  move: moveTestimonialMutation,
  remove: deleteTestimonialMutation,
} = orderedContentMutations<AdminTestimonial, TestimonialPatch>({
  path: ADMIN_TESTIMONIALS_KEY,
  refreshes: TESTIMONIAL_WRITE_REFRESHES,
  read: (body: { testimonial: AdminTestimonial }) => body.testimonial,
  texts: {
    created: 'Témoignage ajouté',
    saved: 'Témoignage enregistré',
    shown: 'Témoignage affiché sur le site',
    hidden: 'Témoignage masqué du site',
    toggleFailed: 'La visibilité n’a pas pu être modifiée.',
    moveFailed: 'Le témoignage n’a pas pu être déplacé.',
    deleted: 'Témoignage supprimé',
    deleteFailed: 'Le témoignage n’a pas pu être supprimé.',
    name: (testimonial) => testimonial.authorName,
  },
});
