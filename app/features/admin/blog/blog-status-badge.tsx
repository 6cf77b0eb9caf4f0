import { Badge } from '../kit/badge';

/** Publié, Programmé (a draft with its publication planned) or Brouillon. */
export function BlogStatusBadge({ post }: { post: { isPublished: boolean; scheduledAt: string | null } }) {
  if (post.isPublished) return <Badge tone="green">Publié</Badge>;
  if (post.scheduledAt) return <Badge tone="blue">Programmé</Badge>;
  return <Badge tone="amber">Brouillon</Badge>;
}
