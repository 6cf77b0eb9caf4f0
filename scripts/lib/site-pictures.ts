/**
 * What the scripts that picture the site share (scripts/screenshots.ts, scripts/compare-screens.ts):
 * the browser context of one picture, and what they prepare on a fresh seeded site.
 */
import type { Browser, BrowserContext } from '@playwright/test';

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

export type CallRequested = {
  bookingPath: string;
  leadId: string;
  session: Session;
  postId: string | undefined;
  templateId: string | undefined;
};

/** A browser size: phone or desktop. */
export type PictureSize = {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
};

/**
 * The context of one picture, in Kinshasa's French, signed in when a session is given. No service
 * worker: its first install would only add noise to a one-off visit.
 */
export function pictureContext(
  browser: Browser,
  size: PictureSize,
  session?: Session,
): Promise<BrowserContext> {
  return browser.newContext({
    ...(session ? { storageState: session } : {}),
    viewport: size.viewport,
    deviceScaleFactor: size.deviceScaleFactor,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
    locale: 'fr-FR',
    timezoneId: 'Africa/Kinshasa',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
}

/**
 * The admin signs in and makes themself bookable (the settings' usual hours), then a visitor asks
 * for a call, as from the modal: the call page, the lead, the admin's session and the first post
 * and email template, for their editors' screens.
 */
export async function requestCall(
  browser: Browser,
  siteUrl: string,
  admin: { email: string; password: string },
): Promise<CallRequested> {
  const context = await browser.newContext({ baseURL: siteUrl, locale: 'fr-FR', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/admin/login?redirect=%2Fadmin%2Fsettings');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Mot de passe').fill(admin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(/\/admin\/settings/);
    await page.getByRole('tab', { name: 'Disponibilités' }).click();
    await page.getByLabel('Je peux être réservé(e) pour un appel découverte').check();
    await page.getByRole('button', { name: 'Proposer des horaires types' }).click();
    await page.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
    await page.getByText('Disponibilités enregistrées', { exact: true }).waitFor();
    const answer = await context.request.post('/api/contact', {
      headers: { Origin: siteUrl, 'X-Requested-With': 'fetch' },
      data: {
        source: 'call_request',
        fullName: 'Amani Kabeya',
        email: 'amani.kabeya@example.cd',
        serviceType: 'Stratégie Marketing',
        message: 'Appel',
        details: { callType: 'Découverte générale', preferredTime: 'Flexible', urgency: 'Sous 15 jours' },
        elapsedMs: 9_000,
      },
    });
    const { bookingPath, id } = (await answer.json()) as { bookingPath?: string; id: string };
    if (!answer.ok() || !bookingPath)
      throw new Error(`no call page: ${answer.status()} ${await answer.text()}`);
    const posts = (await (await context.request.get('/api/admin/blog?pageSize=1')).json()) as {
      items: { id: string }[];
    };
    const templates = (await (await context.request.get('/api/admin/email-templates')).json()) as {
      templates: { id: string }[];
    };
    return {
      bookingPath,
      leadId: id,
      session: await context.storageState(),
      postId: posts.items[0]?.id,
      templateId: templates.templates[0]?.id,
    };
  } finally {
    await context.close();
  }
}
