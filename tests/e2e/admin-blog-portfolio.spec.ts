import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  clientAddressPerTest,
  editorAction,
  expectToastShown,
  fillDateTime,
  openDialog,
  openSignedIn,
  recordToasts,
  toasts,
  uniqueSuffix,
} from './helpers/admin.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * Blog and portfolio from the back-office to the public site (decisions 015 and 068): a post
 * written with the editor's toolbar (a heading, bold text, a list, an inline image with its alt
 * text) and a cover image, saved by itself as a draft (it survives a reload), published, read at
 * /blog/{slug}, in the sitemap and the RSS feed, guarded against leaving with unsaved changes,
 * then unpublished (404); a case study published on /portfolio, then unpublished. Every action is
 * found in the activity log. Names carry a random suffix: two projects and another worker
 * share the server and its database.
 */
clientAddressPerTest(6);

/** The activity log's titles for a search, read through the admin API with the page's session. */
async function activityTitles(page: Page, q: string): Promise<string[]> {
  const res = await page.request.get(`/api/admin/activity?q=${encodeURIComponent(q)}&pageSize=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { title: string }[] }).items.map((entry) => entry.title);
}

for (const [moment, waitMs] of [
  ['at once', 0],
  ['while its first autosave creates it', 3_100],
] as const) {
  test(`one click on "Publier" publishes a new post, ${moment}`, async ({ page }) => {
    const tag = uniqueSuffix();
    const title = `Un seul clic ${tag}`;
    // The other project's live leads show their own toasts, which can replace this one at once.
    await recordToasts(page);
    await openSignedIn(page, '/admin/blog/new');
    await page.getByLabel('Titre', { exact: true }).fill(title);
    await page.getByLabel('Catégorie').selectOption({ label: 'Branding' });
    await page.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.type('Une marque se construit pas à pas.');
    await page.waitForTimeout(waitMs);
    // Pressing the button takes the focus from the editor, which saves the draft at once: the click
    // lands while that save creates the post.
    await page.getByRole('button', { name: 'Publier' }).click();

    await expectToastShown(page, 'Article publié', title);
    await expect(page.getByText('Publié', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    // Everything typed went out with the publication: nothing is said to be left unsaved.
    await expect(page.getByTestId('save-status')).toHaveText('Enregistré');
    // One post, published, on the site.
    await page.goto(`/admin/blog?q=${tag}`);
    await expect(page.getByTestId('blog-row').filter({ hasText: title, visible: true })).toHaveCount(1);
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });
}

test('the post editor’s action bar is one row on a phone, its rarer actions in “Plus d’actions”, keyboard included', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const title = `Barre d’actions ${tag}`;
  await openSignedIn(page, '/admin/blog/new');
  const bar = page.getByTestId('editor-action-bar');
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Catégorie').selectOption({ label: 'Branding' });
  await page.getByRole('textbox', { name: 'Contenu' }).click();
  await page.keyboard.type('Un article court.');
  await page.getByLabel('Titre', { exact: true }).click();
  await expect(page.getByTestId('save-status')).toContainText('Enregistré');
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    const box = await bar.boundingBox();
    // One row: about 64 px, whatever the status says.
    expect(box?.height).toBeLessThanOrEqual(64);
    expect(await scrollsSideways(page)).toBe(false);
    for (const button of await bar.getByRole('button').all())
      expect((await button.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
  await expect(bar.getByRole('button', { name: 'Programmer', exact: true })).toBeHidden();

  // The rarer actions, by keyboard alone: the button, Enter, Tab to an action, Escape.
  const more = bar.getByRole('button', { name: 'Plus d’actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const actions = bar.getByRole('list', { name: 'Plus d’actions' });
  await expect(actions.getByRole('button')).toHaveText(['Programmer', 'Supprimer']);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(actions.getByRole('button', { name: 'Programmer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Programmer la publication' })).toBeVisible();
  await page.keyboard.press('Escape');

  // From 640 px, every action is a button of the bar again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(more).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Programmer', exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Supprimer', exact: true })).toBeVisible();
});

test('a new case study whose publication fails is kept once, and the next click publishes that one', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const title = `Étude gardée ${tag}`;
  await recordToasts(page);
  await openSignedIn(page, '/admin/portfolio');
  const dialog = await openDialog(page, 'Nouvelle étude de cas');
  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await dialog.getByLabel('Client').fill(`Client ${tag}`);
  await dialog.getByLabel('Secteur').fill('Santé');
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Une clinique que les patients trouvent en ligne.');
  await dialog.getByLabel('Libellé 1').fill('Rendez-vous en ligne');
  await dialog.getByLabel('Valeur 1').fill('+60 %');
  // The server fails between the save and the publication (a restart, say).
  await page.route(
    '**/api/admin/portfolio/*/publish',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'unavailable', message: 'Service momentanément indisponible.' },
        }),
      }),
    { times: 1 },
  );
  await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expectToastShown(
    page,
    'Étude de cas enregistrée, mais pas publiée',
    'Service momentanément indisponible.',
  );
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expectToastShown(page, 'Étude de cas publiée');
  await expect(dialog).toBeHidden();
  const saved = (await (
    await page.request.get(`/api/admin/portfolio?q=${encodeURIComponent(tag)}`)
  ).json()) as {
    items: { title: string; isPublished: boolean }[];
  };
  expect(saved.items.filter((item) => item.title === title)).toEqual([
    expect.objectContaining({ isPublished: true }),
  ]);
  // Without an upload, the list shows the cover the site draws from its figures.
  const thumbnail = page.getByTestId('case-study-card').filter({ hasText: title }).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^\/visuals\/cover\/case-/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('a post written with the toolbar saves itself, is published, read on the site, then unpublished', async ({
  page,
}) => {
  // The longest journey of the suite (two images encoded, seven full page loads): three times the budget.
  test.slow();
  const tag = uniqueSuffix();
  const title = `Réussir son lancement à Kinshasa ${tag}`;
  const slug = `reussir-son-lancement-a-kinshasa-${tag}`;
  const alt = `Atelier de marque ${tag}`;

  await openSignedIn(page, '/admin/blog/new');
  await expect(page.getByRole('heading', { name: 'Nouvel article', level: 1 })).toBeVisible();

  // Sent empty, the form says what is missing, in French.
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Le titre est requis')).toBeVisible();
  await expect(page.getByText('Choisissez une catégorie')).toBeVisible();

  await page.getByLabel('Titre', { exact: true }).fill(title);
  // The slug left empty is generated from the title (accents removed), shown as a hint.
  await expect(page.getByText(`/blog/${slug}`)).toBeVisible();
  await page.getByLabel('Catégorie').selectOption({ label: 'Branding' });
  await page.getByLabel('Résumé').fill('Trois étapes pour une marque qui se remarque.');
  const image = (color: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 1200, height: 630, channels: 3, background: color } })
      .png()
      .toBuffer();
  await page.getByLabel('Image de couverture').setInputFiles({
    name: 'couverture.png',
    mimeType: 'image/png',
    buffer: await image({ r: 10, g: 120, b: 80 }),
  });
  await expect(page.getByRole('img', { name: 'Aperçu : Image de couverture' })).toBeVisible();

  // The content, written as in a word processor: a heading, bold words, a list.
  const editor = page.getByRole('textbox', { name: 'Contenu' });
  const toolbar = page.getByRole('toolbar', { name: 'Mise en forme' });
  await editor.click();
  await toolbar.getByRole('button', { name: 'Intertitre', exact: true }).click();
  await page.keyboard.type(`Étape ${tag}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Une marque ');
  await toolbar.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('forte');
  await toolbar.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type(' se construit pas à pas.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Liste à puces' }).click();
  await page.keyboard.type('Écouter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Tester');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // An inline image goes through the media pipeline, and only with its alt text.
  await toolbar.getByRole('button', { name: 'Image', exact: true }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Insérer une image' });
  await imageDialog.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'atelier.png',
    mimeType: 'image/png',
    buffer: await image({ r: 200, g: 120, b: 20 }),
  });
  await expect(imageDialog.getByRole('img', { name: 'Aperçu : Image' })).toBeVisible();
  await imageDialog.getByRole('button', { name: 'Insérer l’image' }).click();
  await expect(imageDialog.getByText('Décrivez l’image en quelques mots')).toBeVisible();
  await imageDialog.getByLabel('Texte alternatif').fill(alt);
  await imageDialog.getByRole('button', { name: 'Insérer l’image' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(editor.getByRole('img', { name: alt })).toBeVisible();
  // A call to action in the text: on the site, it opens the quote form.
  await toolbar.getByRole('button', { name: 'Appel à l’action (devis)' }).click();
  await expect(editor.getByRole('link', { name: 'Demander un devis gratuit' })).toBeVisible();

  // The draft saved itself, without a button: the address is the post's, and a reload keeps it all.
  await expect(page.getByTestId('save-status')).toHaveText('Enregistré');
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();
  await page.reload();
  await expect(editor.getByRole('heading', { name: `Étape ${tag}`, level: 2 })).toBeVisible();
  await expect(editor.locator('strong')).toHaveText('forte');
  await expect(editor.getByRole('listitem')).toHaveText(['Écouter', 'Tester']);
  await expect(editor.getByRole('img', { name: alt })).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await expect(page.getByRole('img', { name: 'Aperçu : Image de couverture' })).toBeVisible();

  // The draft's real public page, through a signed link an admin can send: not cached, not indexed.
  await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Lien d’aperçu' });
  const previewUrl = await linkDialog.getByLabel('Lien').inputValue();
  expect(new URL(previewUrl).pathname).toBe('/apercu');
  await expect(linkDialog.getByRole('link', { name: 'Ouvrir l’aperçu' })).toHaveAttribute('href', previewUrl);
  await linkDialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(linkDialog).toBeHidden();
  const reader = await page.context().newPage();
  const previewed = await reader.goto(previewUrl);
  expect(previewed?.headers()['cache-control']).toBe('private, no-store');
  expect(previewed?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(reader.getByRole('note')).toContainText('cet article n’est pas encore publié');
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(reader.getByRole('heading', { name: `Étape ${tag}`, level: 2 })).toBeVisible();
  await expect(reader.getByRole('img', { name: alt })).toBeVisible();
  const forged = new URL(previewUrl);
  forged.searchParams.set('token', `${forged.searchParams.get('token')?.slice(0, -4)}abcd`);
  expect((await reader.goto(forged.toString()))?.status()).toBe(404);
  await reader.close();

  // The Markdown source, for those who want it, with the public renderer's preview beside it.
  await page.getByRole('button', { name: 'Markdown' }).click();
  const source = page.getByLabel('Contenu (Markdown)');
  await expect(source).toHaveValue(
    new RegExp(
      `^## Étape ${tag}\\n\\nUne marque \\*\\*forte\\*\\* se construit pas à pas\\.\\n\\n- Écouter\\n- Tester\\n\\n!\\[${alt}\\]\\(/media/[^)]+\\)\\n\\n\\[Demander un devis gratuit\\]\\(/contact#devis\\)$`,
    ),
  );
  const preview = page.getByTestId('blog-preview');
  await expect(preview.getByRole('heading', { name: `Étape ${tag}` })).toBeVisible();
  await expect(preview.getByRole('img', { name: alt })).toBeVisible();
  await page.getByRole('button', { name: 'Markdown' }).click();
  await expect(editor).toBeVisible();

  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(toasts(page).filter({ hasText: 'Article publié' })).toBeVisible();
  await expect(page).toHaveURL(editorUrl);
  await expect(page.getByLabel('Slug (adresse de l’article)')).toHaveValue(slug);
  await expect(page.getByText('Publié', { exact: true })).toBeVisible();
  await expect(page.getByTestId('blog-views')).toHaveText('0 lecture');

  // Readers find it at its address, with its cover, and in the sitemap and the feed.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Étape ${tag}`, level: 2 })).toBeVisible();
  await expect(page.locator('main img[src^="/media/"]').first()).toBeVisible();
  await expect(page.locator('main strong', { hasText: 'forte' })).toBeVisible();
  await expect(page.getByRole('img', { name: alt })).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  // The upload replaces the generated cover.
  await expect(
    page.locator('main img[src^="/visuals/cover/"], main source[srcset*="/visuals/cover/"]'),
  ).toHaveCount(0);
  await page.locator('main .prose').getByRole('link', { name: 'Demander un devis gratuit' }).click();
  await expect(page.getByRole('dialog', { name: 'Obtenez votre devis personnalisé' })).toBeVisible();
  await page.keyboard.press('Escape');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/blog/${slug}</loc>`);
  const rss = await (await page.request.get('/blog/rss.xml')).text();
  expect(rss).toContain(title);

  // The list shows it as published, with its views.
  await page.goto(`/admin/blog?q=${tag}`);
  const row = page.getByTestId('blog-row').filter({ hasText: title, visible: true });
  await expect(row).toContainText('Publié');
  await expect(row).toContainText('Branding');

  await row.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(editorUrl);

  // A published post is saved by its button only; leaving with a change not saved asks first.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Brouillon de phrase.');
  await expect(page.getByTestId('save-status')).toHaveText('Modifications non enregistrées');
  await page.getByRole('link', { name: 'Tous les articles' }).click();
  const leave = page.getByRole('alertdialog', { name: /^Quitter sans enregistrer\s\?$/ });
  await leave.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(editorUrl);
  await expect(editor).toContainText('Brouillon de phrase.');
  await page.getByRole('link', { name: 'Tous les articles' }).click();
  await leave.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goBack();
  await expect(editor).toContainText('Tester');
  await expect(editor).not.toContainText('Brouillon de phrase.');

  await editorAction(page, 'Dépublier');
  const dialog = page.getByRole('alertdialog', { name: 'Dépublier cet article ?' });
  await dialog.getByRole('button', { name: 'Dépublier' }).click();
  await expect(toasts(page).filter({ hasText: 'Article dépublié' })).toBeVisible();
  await expect(page.getByText('Brouillon', { exact: true })).toBeVisible();

  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/blog/${slug}<`);
  expect(await (await page.request.get('/blog/rss.xml')).text()).not.toContain(title);

  expect(await activityTitles(page, tag)).toEqual(
    expect.arrayContaining([
      `Article créé : ${title}`,
      `Article publié : ${title}`,
      `Article dépublié : ${title}`,
    ]),
  );

  // Closing the tab with a change not saved: the browser asks too.
  await editor.click();
  await page.keyboard.type(' Dernier mot');
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
});

test('a post planned a few seconds ahead goes online by itself; its former address leads to the new one', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueSuffix();
  const title = `Programme de la rentrée ${tag}`;
  const slug = `programme-de-la-rentree-${tag}`;

  await openSignedIn(page, '/admin/blog/new');
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Catégorie').selectOption({ label: 'Stratégie marketing' });
  await page.getByRole('textbox', { name: 'Contenu' }).click();
  await page.keyboard.type('Nos ateliers reprennent bientôt.');
  // What Google and a shared link show, previewed as WhatsApp shows it.
  const description = `Les ateliers de la rentrée ${tag}, dates et inscriptions.`;
  await page.getByLabel('Description pour Google et les partages').fill(description);
  const share = page.getByRole('figure', { name: 'Aperçu d’un partage (WhatsApp)' });
  await expect(share).toContainText(title);
  await expect(share).toContainText(description);

  // Planned in Kinshasa time, eight seconds ahead (the test server looks every second).
  await editorAction(page, 'Programmer');
  const dialog = page.getByRole('dialog', { name: 'Programmer la publication' });
  // Typed to the second: a minute ahead would make the test wait a minute.
  const kinshasaLocal = (at: number) => new Date(at + 3_600_000).toISOString().slice(0, 19);
  await fillDateTime(dialog, 'Date et heure (Kinshasa)', kinshasaLocal(Date.now() - 60_000));
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(dialog.getByText('Choisissez une date et une heure à venir')).toBeVisible();
  await fillDateTime(dialog, 'Date et heure (Kinshasa)', kinshasaLocal(Date.now() + 8_000));
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(toasts(page).filter({ hasText: 'Publication programmée' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Programmé', { exact: true })).toBeVisible();
  await expect(page.getByTestId('blog-schedule')).toContainText('(heure de Kinshasa)');
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

  // Its time comes: the post is on the blog, and the editor says so.
  await expect
    .poll(async () => (await page.request.get(`/blog/${slug}`)).status(), { timeout: 30_000 })
    .toBe(200);
  const online = await (await page.request.get(`/blog/${slug}`)).text();
  expect(online).toContain(`<meta name="description" content="${description}"/>`);
  expect(online).toContain(`<meta property="og:description" content="${description}"/>`);
  await page.reload();
  await expect(page.getByText('Publié', { exact: true })).toBeVisible();
  const activity = await activityTitles(page, tag);
  expect(activity.filter((entry) => entry.startsWith('Article publié'))).toHaveLength(1);

  // A new address for a post already read: the former one leads to it (301).
  await page.getByLabel('Slug (adresse de l’article)').fill(`${slug}-2026`);
  await expect(page.getByText(`L’ancienne adresse /blog/${slug} mènera à la nouvelle`)).toBeVisible();
  await page.getByRole('button', { name: /^Enregistrer/ }).click();
  await expect(toasts(page).filter({ hasText: 'Modifications publiées' })).toBeVisible();
  const moved = await page.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${slug}-2026`);
  await page.goto(`/blog/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}-2026$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

test('a case study with its results is published on /portfolio, then unpublished', async ({ page }) => {
  // Four full page loads and a dialog form: more than the default budget on a busy machine.
  test.slow();
  const tag = uniqueSuffix();
  const title = `Boutique en ligne ${tag}`;

  await openSignedIn(page, '/admin/portfolio');
  const dialog = await openDialog(page, 'Nouvelle étude de cas');
  await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expect(dialog.getByText('Le titre est requis')).toBeVisible();
  await expect(dialog.getByText('Le libellé est requis')).toBeVisible();

  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await dialog.getByLabel('Client').fill(`Maison Lokua ${tag}`);
  await dialog.getByLabel('Secteur').fill('Mode');
  // The description in the posts' rich-text editor: bold words stay bold on the site.
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Une boutique Instagram devenue ');
  await dialog.getByRole('textbox', { name: 'Description' }).press('End');
  await dialog.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('site marchand');
  await dialog.getByLabel('Libellé 1').fill('Ventes en ligne');
  await dialog.getByLabel('Valeur 1').fill('x4');
  await dialog.getByRole('button', { name: 'Ajouter un résultat' }).click();
  await dialog.getByLabel('Libellé 2').fill('Panier moyen');
  await dialog.getByLabel('Valeur 2').fill(`+${randomInt(10, 99)} %`);
  const secondValue = await dialog.getByLabel('Valeur 2').inputValue();
  // Two images for the gallery, chosen at once; the second moved first. Each needs its words.
  const photo = (r: number, g: number, b: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
  await dialog.getByLabel('Ajouter des images').setInputFiles([
    { name: 'atelier.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 120, 40) },
    { name: 'vitrine.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 120, 200) },
  ]);
  const gallery = dialog.getByRole('list', { name: 'Images de la galerie' });
  await expect(gallery.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expect(dialog.getByText('Décrivez l’image (texte alternatif requis)').first()).toBeVisible();
  await dialog.getByLabel('Texte alternatif de l’image 1').fill(`L’atelier ${tag}`);
  await dialog.getByLabel('Texte alternatif de l’image 2').fill(`La vitrine ${tag}`);
  await dialog.getByRole('button', { name: 'Monter l’image 2' }).click();
  await expect(dialog.getByLabel('Texte alternatif de l’image 1')).toHaveValue(`La vitrine ${tag}`);
  // A before/after pair.
  await dialog.getByLabel('Avant', { exact: true }).setInputFiles({
    name: 'avant.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(120, 120, 120),
  });
  await dialog.getByLabel('Texte alternatif (avant)').fill('L’ancienne boutique Instagram');
  await dialog.getByLabel('Après', { exact: true }).setInputFiles({
    name: 'apres.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(20, 160, 80),
  });
  await expect(dialog.getByRole('img', { name: 'Aperçu : Après' })).toHaveAttribute('src', /^\/media\//);
  await dialog.getByLabel('Texte alternatif (après)').fill('Le site marchand');
  await dialog.getByRole('button', { name: 'Enregistrer et publier' }).click();
  await expect(toasts(page).filter({ hasText: 'Étude de cas publiée' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/portfolio');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(card).toContainText('Ventes en ligne');
  await expect(card).toContainText(secondValue);
  await expect(card.locator('.prose')).toContainText('Une boutique Instagram devenue site marchand');
  await expect(card.locator('.prose strong')).toHaveText('site marchand');
  // The images, in the order chosen, named by their words; the pair with its two labels.
  const shown = card
    .getByRole('list', { name: 'Images de l’étude de cas (faites défiler)' })
    .getByRole('img');
  await expect(shown).toHaveCount(2);
  expect(await shown.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual([
    `La vitrine ${tag}`,
    `L’atelier ${tag}`,
  ]);
  const pair = card.getByTestId('before-after');
  await expect(pair.getByRole('figure')).toHaveText(['Avant', 'Après']);
  await expect(pair.getByRole('img', { name: 'Le site marchand' })).toHaveAttribute('src', /^\/media\//);
  const violations = await axeViolations(page, (axe) => axe.include('main'));
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);

  await page.goto(`/admin/portfolio?q=${tag}`);
  const adminCard = page.getByTestId('case-study-card').filter({ hasText: title });
  await expect(adminCard).toContainText('Publiée');
  await adminCard.getByRole('button', { name: 'Dépublier' }).click();
  await page
    .getByRole('alertdialog', { name: 'Dépublier l’étude de cas ?' })
    .getByRole('button', { name: 'Dépublier' })
    .click();
  await expect(toasts(page).filter({ hasText: 'Étude de cas dépubliée' })).toBeVisible();
  await expect(adminCard).toContainText('Non publiée');

  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  expect(await activityTitles(page, tag)).toEqual(
    expect.arrayContaining([
      `Étude de cas créée : ${title}`,
      `Étude de cas publiée : ${title}`,
      `Étude de cas dépubliée : ${title}`,
    ]),
  );
});
