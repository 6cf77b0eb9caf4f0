import { BlogListScreen } from '~/features/admin/blog/blog-list-screen';

export const meta = () => [{ title: 'Blog — Administration' }];

/** The blog's posts: app/features/admin/blog/blog-list-screen.tsx. */
export default function AdminBlog() {
  return <BlogListScreen />;
}
