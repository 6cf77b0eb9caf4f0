import { TestimonialsScreen } from '~/features/admin/testimonials/testimonials-screen';

export const meta = () => [{ title: 'Témoignages — Administration' }];

/** What clients say, shown on the public pages: app/features/admin/testimonials. */
export default function AdminTestimonials() {
  return <TestimonialsScreen />;
}
