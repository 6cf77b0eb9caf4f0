import { useParams } from 'react-router';
import { BlogEditorScreen } from '~/features/admin/blog/blog-editor-screen';

export const meta = () => [{ title: 'Article — Administration' }];

/** /admin/blog/new (no postId) and /admin/blog/:postId: the post editor. */
export default function AdminBlogEditor() {
  const { postId } = useParams();
  // Keyed: going from one post (or /new) to another starts a fresh editor.
  return <BlogEditorScreen key={postId ?? 'new'} postId={postId} />;
}
