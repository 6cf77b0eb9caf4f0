/**
 * Settings › Sauvegardes (docs/decisions/099-backups.md) as the staff use it, on a phone and a
 * laptop: make a backup now, see it listed with its size, download the archive (a tar whose
 * manifest names the database and the images).
 */
import { expect, test } from '@playwright/test';
import { openSignedIn, toasts } from './helpers/admin.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

test('an administrator makes a backup now, sees it listed and downloads the archive', async ({ page }) => {
  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, '/admin/settings?onglet=sauvegardes');
  const card = page.getByRole('region', { name: 'Sauvegardes' });
  await expect(card).toContainText('Chaque nuit à 2 h (heure de Kinshasa)');

  await card.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
  await expect(toasts(page).filter({ hasText: 'Sauvegarde terminée' })).toBeVisible();
  const rows = card.getByTestId('backup-row');
  const row = rows.filter({ hasText: 'Demandée' }).first();
  await expect(row).toContainText('Réussie');
  await expect(row).toContainText(/\d+(,\d)?\u00a0(Ko|Mo)/);

  expect(await axeViolations(page)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
  const link = row.getByRole('link', { name: /^Télécharger la sauvegarde du / });
  const box = await link.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?\.tar$/);
  const bytes = await streamBytes(await download.createReadStream());
  // A tar: the database's part first (ustar header at 257), the manifest last.
  expect(bytes.subarray(257, 262).toString()).toBe('ustar');
  expect(bytes.subarray(0, 100).toString()).toMatch(/^database\.pglite\.tar\.gz|^database\.pgdump/);
  expect(bytes.toString('latin1')).toContain('"format": "lisanga-backup/1"');
});

async function streamBytes(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
