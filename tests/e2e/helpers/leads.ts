/**
 * The quote modal as the specs that send one drive it: opened from the header, filled with a
 * visitor's answers, sent with its button. The header's and the modal's buttons have shorter
 * labels on a phone-sized screen.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A phone-sized screen (narrower than 640 px): the header and the quote modal use short labels there. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

export const quoteDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Obtenez votre devis personnalisé' });

/** Opens the quote modal from the header's button ('Devis gratuit', or 'Devis' on small screens). */
export async function openQuoteFromNav(page: Page) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: isPhone(page) ? 'Devis' : 'Devis gratuit', exact: true }).click();
  const dialog = quoteDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The quote submit button: 'Devis gratuit', or 'Envoyer' on small screens. */
export const quoteSubmit = (dialog: Locator, page: Page) =>
  dialog.getByRole('button', { name: isPhone(page) ? 'Envoyer' : 'Devis gratuit', exact: true });

/**
 * Fills every field of the quote modal: the visitor's own answers, with the same phone and a
 * Branding project of $5,500 - $16,500 within one to three months.
 */
export async function fillQuote(
  dialog: Locator,
  visitor: { fullName: string; email: string; company: string; projectDescription: string },
) {
  await dialog.getByLabel('Nom complet').fill(visitor.fullName);
  await dialog.getByLabel('Email').fill(visitor.email);
  await dialog.getByLabel('Téléphone').fill('+243 81 234 5678');
  await dialog.getByLabel('Entreprise').fill(visitor.company);
  await dialog.getByLabel('Service souhaité').selectOption('Branding');
  await dialog.getByLabel('Description du projet').fill(visitor.projectDescription);
  await dialog.getByLabel('Budget indicatif').selectOption('$5,500 - $16,500');
  await dialog.getByLabel('Délais souhaités').selectOption('Court terme (1-3 mois)');
}
