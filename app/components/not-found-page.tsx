import { Link } from 'react-router';

/** The 404 page; its text is English by the specification ("404 Page Not Found"). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-3xl font-bold text-gray-900">404 Page Not Found</h1>
      <Link
        to="/"
        className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Retour à l'accueil
      </Link>
    </main>
  );
}
