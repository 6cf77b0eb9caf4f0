/**
 * The French message stored with each lead (docs/product.md §3.2), composed here only, from the
 * validated answers the quote and call forms send (`details`, docs/product.md §7.2).
 */
import type { CallForm, QuoteForm } from '#common/schemas/leads.ts';

export const QUOTE_SOURCE_LINE = 'Source : formulaire « Demande de devis » du site web';
export const CALL_SOURCE_LINE = 'Source : formulaire « Appel découverte » du site web';

export function composeQuoteMessage(form: Omit<QuoteForm, 'source'>): string {
  return [
    'Demande de devis personnalisé',
    `Service demandé : ${form.serviceType}`,
    `Budget indicatif : ${form.budget}`,
    `Délais souhaités : ${form.timeline}`,
    `Entreprise : ${form.company}`,
    '',
    'Description du projet :',
    form.projectDescription,
    '',
    QUOTE_SOURCE_LINE,
  ].join('\n');
}

export function composeCallMessage(form: Omit<CallForm, 'source'>): string {
  const extra = form.message?.trim();
  return [
    'Demande d’appel découverte (30 minutes, gratuit)',
    `Service d’intérêt : ${form.serviceInterest}`,
    `Type de discussion : ${form.callType}`,
    `Créneaux préférés : ${form.preferredTime}`,
    `Urgence : ${form.urgency}`,
    `Entreprise : ${form.company?.trim() || 'Non précisée'}`,
    `Téléphone : ${form.phone?.trim() || 'Non fourni'}`,
    ...(extra ? ['', 'Message complémentaire :', extra] : []),
    '',
    CALL_SOURCE_LINE,
  ].join('\n');
}
