/**
 * A sign-up refused because the address is already on the list has its own words, whether it was
 * refused at once (the newsletter form) or when it was sent later from the offline outbox.
 */
export const isAlreadySubscribed = (message: string | undefined) => message?.includes('déjà abonné') === true;

export const ALREADY_SUBSCRIBED_TOAST = {
  variant: 'destructive',
  title: 'Déjà abonné',
  description: 'Cette adresse email est déjà inscrite à notre newsletter.',
} as const;
