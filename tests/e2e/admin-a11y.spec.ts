import { expect, type Page, test } from '@playwright/test';
import { ADMIN_NAV } from '#app/features/admin/shell/navigation.ts';
import { openSignedIn } from './helpers/admin.ts';
import { axeViolations } from './helpers/page.ts';

/**
 * Every screen of the back-office, as its staff open it, passes axe: no control a keyboard can
 * reach inside something hidden from screen readers (the dashboard's charts once were), no
 * nameless button, no missing label. One step per screen.
 */
// Screens as they settle: a live toast from another spec's lead (one server for all) fading in
// while axe reads the colours blended its text into a false contrast failure. The site honours
// reduced motion, so nothing fades here.
test.use({ reducedMotion: 'reduce' });

/** Opens each screen in turn and expects axe to find nothing once its data is on it. */
async function expectScreensPassAxe(page: Page, screens: readonly { to: string; label: string }[]) {
  for (const { to, label } of screens) {
    await test.step(`${label} (${to})`, async () => {
      await page.goto(to);
      await expect(page.locator('main h1').first()).toBeVisible();
      // The screen's data is on it (tables, charts, lists), not its loading placeholders.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 15_000 });
      // An email shown in its sandboxed frame (no scripts: axe cannot run in it) is the email's
      // markup, not the back-office's.
      const violations = await axeViolations(page, (axe) => axe.exclude('iframe[sandbox]'));
      expect(
        violations.map(({ id, impact, nodes }) => ({
          id,
          impact,
          targets: nodes.map((node) => node.target.join(' ')),
        })),
        to,
      ).toEqual([]);
    });
  }
}

// The navigation's fifteen screens and their axe scans, then five editors: two tests, each with time to spare on
// a busy machine (the whole tour in one test once ran out of four minutes there).
test('every screen of the navigation passes axe', async ({ page }) => {
  test.setTimeout(240_000);
  await openSignedIn(page, '/admin/dashboard');
  await expectScreensPassAxe(page, ADMIN_NAV);
});

test('every editor passes axe: a post, a campaign, a template', async ({ page }) => {
  test.setTimeout(240_000);
  await openSignedIn(page, '/admin/dashboard');
  // The screens behind the menu where staff write: a new post, a published one, a new campaign.
  const posts = await page.request.get('/api/admin/blog?status=published&pageSize=1');
  const [post] = ((await posts.json()) as { items: { id: string; title: string }[] }).items;
  // A template's editor, and a campaign's page with its "before sending" list (an empty draft).
  const templates = await page.request.get('/api/admin/email-templates');
  const [template] = ((await templates.json()) as { templates: { id: string; name: string }[] }).templates;
  const draft = await page.request.post('/api/admin/campaigns', {
    headers: { Origin: new URL(page.url()).origin, 'X-Requested-With': 'fetch' },
    data: { title: 'Brouillon axe', subject: 'Objet axe', segment: { tags: [] }, blocks: [] },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { campaign } = (await draft.json()) as { campaign: { id: string } };
  expect(post, 'the seed has a published post').toBeTruthy();
  expect(template, 'the seed has email templates').toBeTruthy();
  await expectScreensPassAxe(page, [
    { to: '/admin/blog/new', label: 'Nouvel article' },
    ...(post ? [{ to: `/admin/blog/${post.id}`, label: post.title }] : []),
    { to: '/admin/emails/campaigns/new', label: 'Nouvelle campagne' },
    { to: `/admin/emails/campaigns/${campaign.id}`, label: 'Brouillon axe' },
    ...(template ? [{ to: `/admin/emails/templates/${template.id}`, label: template.name }] : []),
  ]);
});
