import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('services', 'routes/services.tsx'),
    route('services/:serviceId', 'routes/service-detail.tsx'),
    route('portfolio', 'routes/portfolio.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('legal/privacy', 'routes/legal/privacy.tsx'),
    route('legal/terms', 'routes/legal/terms.tsx'),
    route('legal/cookies', 'routes/legal/cookies.tsx'),
    route('newsletter/welcome', 'routes/newsletter/welcome.tsx'),
    route('newsletter/unsubscribed', 'routes/newsletter/unsubscribed.tsx'),
    route('newsletter/confirm', 'routes/newsletter/confirm.tsx'),
    route('newsletter/manage', 'routes/newsletter/manage.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter/unsubscribe.tsx'),
    route('offline', 'routes/offline.tsx'),
    // Any other path: the 404 page, with HTTP status 404, inside the site's header and footer.
    route('*', 'routes/not-found.tsx'),
  ]),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('blog/rss.xml', 'routes/resources/blog-rss.ts'),
] satisfies RouteConfig;
