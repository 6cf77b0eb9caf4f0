import { Link } from 'react-router';

/**
 * The 404 page's content; its text is English by the specification ("404 Page Not Found").
 * The caller supplies the <main> landmark (the public layout, or the root error screen).
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-3xl font-bold text-gray-900">404 Page Not Found</h1>
      <Link
        to="/"
        className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Retour à l'accueil
      </Link>
    </div>
  );
}
