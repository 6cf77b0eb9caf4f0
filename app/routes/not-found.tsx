import { data } from 'react-router';
import { NotFoundPage } from '~/components/not-found-page';

export function loader() {
  // The page is rendered with the real status, so crawlers and link checkers see a 404.
  return data(null, { status: 404 });
}

export const meta = () => [{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundPage />;
}
