import { Badge } from '../ui';

export function BlogStatusBadge({ published }: { published: boolean }) {
  return <Badge tone={published ? 'green' : 'amber'}>{published ? 'Publié' : 'Brouillon'}</Badge>;
}
