import { expect, type Page, test } from '@playwright/test';
import { clientIp, openDialog, openSignedIn, plainPng, toasts, uniqueSuffix } from './helpers/admin.ts';

/**
 * Services and team in the back-office (decision 014): a service created under a parent shows on
 * /services, hiding it takes its page down, deleting a parent asks what becomes of its children;
 * a member added with an uploaded photo shows on the home page's team section; every action is
 * in the activity log. Each test uses names of its own: the desktop and phone projects share the
 * server and its database, and run in parallel.
 */
test.beforeEach(async ({ page }, testInfo) => {
  // Each journey goes through the admin, the public pages and back: more than the usual ceiling
  // when the machine is busy.
  test.slow();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 5) });
});

type ActivityRow = { type: string; title: string; description: string | null };

/** The activity log's rows mentioning `text`, through the activity screen's API. */
async function activityAbout(page: Page, text: string): Promise<ActivityRow[]> {
  const res = await page.request.get(`/api/admin/activity?q=${encodeURIComponent(text)}&pageSize=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: ActivityRow[] }).items;
}

/** A state-changing admin call from the signed-in page (the CSRF check wants Origin and the header). */
async function adminPost(page: Page, path: string, body: unknown) {
  const res = await page.request.post(path, {
    data: body,
    headers: { Origin: new URL(page.url()).origin, 'X-Requested-With': 'fetch' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('create a service under a parent, see it on /services, hide it and its page is gone; all of it logged', async ({
  page,
}) => {
  const title = `Audit réseaux ${uniqueSuffix()}`;
  await openSignedIn(page, '/admin/services');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  const dialog = await openDialog(page, 'Nouveau service');
  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await dialog.getByLabel('Description').fill('Un diagnostic complet de vos comptes sociaux.');
  await dialog.getByLabel('Service parent').selectOption({ label: 'Marketing Digital' });

  // The preview is what the public site will draw: a keyword picks the icon and the colour.
  const preview = dialog.getByTestId('icon-preview');
  await dialog.getByRole('combobox', { name: /^Icône/ }).fill('marketing');
  await expect(preview).toContainText('Icône « megaphone », couleur orange');
  await expect(preview.locator('[data-icon]')).toHaveAttribute('data-icon', 'megaphone');
  await expect(preview.locator('[data-icon]')).toHaveAttribute('data-color', 'orange');
  await dialog.getByRole('combobox', { name: /^Icône/ }).fill('web');
  await expect(preview).toContainText('Icône « globe », couleur bleu');

  // docs/product.md §5.4: the order cannot be negative, said in French under the field.
  await dialog.getByLabel('Ordre', { exact: true }).fill('-1');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('L’ordre ne peut pas être négatif')).toBeVisible();
  await dialog.getByLabel('Ordre', { exact: true }).fill('20');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(toasts(page).filter({ hasText: 'Service créé' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const children = page.getByRole('list', { name: 'Sous-services de Marketing Digital' });
  await expect(children.getByText(title, { exact: true })).toBeVisible();

  // The public page lists it under its parent at the next request.
  await page.goto('/services');
  const parentSection = page.getByRole('region', { name: 'Marketing Digital', exact: true });
  await expect(parentSection.getByRole('heading', { name: title })).toBeVisible();
  await parentSection.getByRole('link', { name: `En savoir plus sur ${title}` }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const detailPath = new URL(page.url()).pathname;
  expect(detailPath).toMatch(/^\/services\/[0-9a-f-]{36}$/);

  // Hidden from the admin list: gone from the list page, and its own page is a 404.
  await page.goto('/admin/services');
  await page.getByRole('switch', { name: `Visible sur le site : « ${title} »` }).click();
  await expect(toasts(page).filter({ hasText: 'Service masqué du site' })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Visible sur le site : « ${title} »` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const gone = await page.goto(detailPath);
  expect(gone?.status()).toBe(404);
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Nos services', level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  const log = await activityAbout(page, title);
  expect(log.map((row) => row.type)).toEqual(
    expect.arrayContaining(['service.created', 'service.deactivated']),
  );
  expect(log.find((row) => row.type === 'service.created')?.description).toBe(
    'Sous-service de « Marketing Digital »',
  );
});

test('deleting a parent asks what becomes of its children; promoted, they stay on the site', async ({
  page,
}) => {
  const id = uniqueSuffix();
  const parentTitle = `Offre parente ${id}`;
  const childTitle = `Offre enfant ${id}`;
  await openSignedIn(page, '/admin/services');
  const { service: parent } = await adminPost(page, '/api/admin/services', {
    title: parentTitle,
    description: 'Un service principal à supprimer.',
  });
  await adminPost(page, '/api/admin/services', {
    title: childTitle,
    description: 'Un sous-service qui doit survivre.',
    parentServiceId: parent.id,
  });
  await page.reload();
  await expect(page.getByRole('list', { name: `Sous-services de ${parentTitle}` })).toContainText(childTitle);

  await page.getByRole('button', { name: `Supprimer « ${parentTitle} »` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Supprimer « ${parentTitle} » ?` });
  await expect(confirm).toContainText('Ce service a 1 sous-service.');
  const confirmButton = confirm.getByRole('button', { name: 'Supprimer', exact: true });
  await expect(confirmButton).toBeDisabled();
  await confirm.getByLabel('Les rattacher au premier niveau').check();
  await confirmButton.click();

  await expect(toasts(page).filter({ hasText: 'Service supprimé' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Supprimer « ${parentTitle} »` })).toHaveCount(0);
  // Now a top-level service: its own row, with the button to add sub-services.
  await expect(
    page.getByRole('button', { name: `Ajouter un sous-service à « ${childTitle} »` }),
  ).toBeVisible();

  await page.goto('/services');
  await expect(page.getByRole('heading', { name: childTitle, level: 2 })).toBeVisible();
  await expect(page.getByText(parentTitle)).toHaveCount(0);

  const log = await activityAbout(page, parentTitle);
  expect(log.find((row) => row.type === 'service.deleted')?.description).toBe(
    `Sous-services devenus services principaux : « ${childTitle} »`,
  );
});

test('add a team member with a photo and see the card on the home page; hide it and it is gone; all of it logged', async ({
  page,
}) => {
  const name = `Grâce Test ${uniqueSuffix()}`;
  // A portrait taken from afar: the face is in the top quarter of a tall photo.
  const portrait = await plainPng(640, 960, { r: 20, g: 120, b: 80 });

  await openSignedIn(page, '/admin/team');
  await expect(page.getByRole('heading', { name: 'Équipe', level: 1 })).toBeVisible();
  const dialog = await openDialog(page, 'Ajouter un membre');
  await dialog.getByLabel('Nom', { exact: true }).fill(name);
  await dialog.getByLabel('Poste').fill('Responsable des réseaux sociaux');
  // On a large screen the form is wide enough to show a usual job title whole, not cut.
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    const cut = await dialog.getByLabel('Poste').evaluate((input) => input.scrollWidth > input.clientWidth);
    expect(cut, 'the job title is cut in its field').toBe(false);
  }
  await dialog.getByLabel('Biographie').fill('Elle anime les communautés de nos clients depuis Kinshasa.');
  await dialog
    .getByRole('textbox', { name: /^Compétences/ })
    .fill(' TikTok,  Canva ,, Community management, Excel');
  await expect(dialog.getByRole('list', { name: 'Aperçu des compétences' }).getByRole('listitem')).toHaveText(
    ['TikTok', 'Canva', 'Community management', 'Excel'],
  );

  await dialog.getByLabel('Choisir une image').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: portrait,
  });
  await expect(dialog.getByText('Image envoyée : elle sera enregistrée avec le formulaire.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Aperçu : Photo' })).toHaveAttribute('src', /^\/media\//);
  // The framing: a tap on the face, then one step right with the keyboard; the circle follows.
  const framing = dialog.getByRole('button', { name: 'Choisir le point à garder dans le cercle' });
  await framing.scrollIntoViewIfNeeded();
  // The staff see the photo before they tap it: its size is known only once it has loaded.
  await expect
    .poll(() =>
      framing.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0),
    )
    .toBe(true);
  const box = await framing.boundingBox();
  if (!box) throw new Error('the photo to frame is not on screen');
  await framing.click({ position: { x: box.width / 2, y: box.height / 4 } });
  const circle = dialog.getByRole('img', { name: 'Aperçu du portrait sur le site' });
  await expect(circle).toHaveCSS('object-position', '50% 25%');
  await dialog.getByRole('slider', { name: /^Horizontal/ }).press('ArrowRight');
  await expect(circle).toHaveCSS('object-position', '51% 25%');

  // Links are https only, said in French under the field.
  await dialog.getByLabel('Profil LinkedIn').fill('http://www.linkedin.com/in/grace');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialog.getByText('Le lien LinkedIn doit être une adresse https:// de linkedin.com'),
  ).toBeVisible();
  await dialog.getByLabel('Profil LinkedIn').fill('https://www.linkedin.com/in/grace');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(toasts(page).filter({ hasText: 'Membre ajouté' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Membres de l’équipe' })).toContainText(name);

  await page.goto('/');
  const card = page.locator('#team article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Responsable des réseaux sociaux');
  const photo = card.getByRole('img', { name: `Portrait de ${name}` });
  await expect(photo).toHaveAttribute('src', /^\/media\//);
  await expect(photo).toHaveCSS('object-position', '51% 25%');
  await expect(card.getByRole('list', { name: 'Compétences' }).getByRole('listitem')).toHaveText([
    'TikTok',
    'Canva',
    'Community management',
  ]);
  await expect(card.getByRole('link', { name: `LinkedIn de ${name} (nouvel onglet)` })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/grace',
  );

  await page.goto('/admin/team');
  await page.getByRole('switch', { name: `Visible sur le site : « ${name} »` }).click();
  await expect(toasts(page).filter({ hasText: 'Membre masqué du site' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Notre équipe' })).toBeVisible();
  await expect(page.locator('#team').getByText(name)).toHaveCount(0);

  const log = await activityAbout(page, name);
  expect(log.map((row) => row.type)).toEqual(expect.arrayContaining(['team.created', 'team.deactivated']));
});
