import Mail from 'lucide-react/icons/mail';
import type { ReactNode } from 'react';

/** The home page's newsletter block (docs/product.md §2.5); the form itself is the newsletter feature's. */
export function NewsletterBlock({ form }: { form?: ReactNode }) {
  return (
    <section aria-labelledby="newsletter-title" className="bg-brand-50 px-4 py-12 sm:py-16 lg:py-24">
      <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
        {/* Decorative: left out on phones, where the height is the visitor's time (decision 090). */}
        <span className="hidden size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800 sm:flex">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <h2 id="newsletter-title" className="text-2xl font-bold text-gray-900 sm:mt-4 sm:text-3xl">
          Recevez nos conseils marketing
        </h2>
        <p className="mt-2 text-gray-700">
          Une lettre par mois : stratégies, tendances et cas concrets pour les entreprises congolaises.
        </p>
        {form ? <div className="mt-6 w-full">{form}</div> : null}
        <p className="mt-4 text-sm text-gray-600">
          Vos données sont protégées. Pas de spam, désinscription en un clic.
        </p>
      </div>
    </section>
  );
}
