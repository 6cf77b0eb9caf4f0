import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // The back-office (docs/product.md §2.2): the login screen at /admin and /admin/login, every other screen
  // behind the authentication guard of admin/layout.tsx.
  layout('routes/admin/root.tsx', [
    route('admin', 'routes/admin/login.tsx', { id: 'admin-index' }),
    route('admin/login', 'routes/admin/login.tsx'),
    layout('routes/admin/layout.tsx', [
      route('admin/dashboard', 'routes/admin/dashboard.tsx'),
      route('admin/contacts', 'routes/admin/contacts.tsx'),
      route('admin/newsletter', 'routes/admin/newsletter.tsx'),
      route('admin/services', 'routes/admin/services.tsx'),
      route('admin/team', 'routes/admin/team.tsx'),
      route('admin/blog', 'routes/admin/blog.tsx'),
      route('admin/blog/:postId', 'routes/admin/blog-editor.tsx'),
      route('admin/portfolio', 'routes/admin/portfolio.tsx'),
      route('admin/settings', 'routes/admin/settings.tsx'),
      route('admin/activity', 'routes/admin/activity.tsx'),
      route('admin/emails/templates', 'routes/admin/email-templates.tsx'),
      route('admin/emails/templates/:templateId', 'routes/admin/email-template-editor.tsx'),
      route('admin/emails/campaigns', 'routes/admin/campaigns.tsx'),
      route('admin/emails/campaigns/new', 'routes/admin/campaign-editor.tsx', { id: 'admin-campaign-new' }),
      route('admin/emails/campaigns/:campaignId', 'routes/admin/campaign-detail.tsx'),
      route('admin/emails/campaigns/:campaignId/edit', 'routes/admin/campaign-editor.tsx'),
    ]),
  ]),
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('services', 'routes/services.tsx'),
    route('services/:serviceId', 'routes/service-detail.tsx'),
    route('portfolio', 'routes/portfolio.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('apercu', 'routes/blog-preview.tsx'),
    route('appel-decouverte', 'routes/call-booking.tsx'),
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
