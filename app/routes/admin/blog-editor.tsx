import { useParams } from 'react-router';
import { BlogEditorScreen, NEW_POST_ID } from '~/features/admin/blog/blog-editor-screen';

export const meta = () => [{ title: 'Article — Administration' }];

/**
 * /admin/blog/new and /admin/blog/:postId: the post editor. One route, so that the move of a new
 * post to its own address after its first save keeps the same editor (the screen handles it).
 */
export default function AdminBlogEditor() {
  const { postId = NEW_POST_ID } = useParams();
  return <BlogEditorScreen postId={postId} />;
}
