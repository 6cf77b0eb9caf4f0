// @vitest-environment happy-dom

import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetail, EmailTemplateDetail, EmailTemplateSummary } from '#common/schemas/campaigns.ts';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { aCampaignDetail } from '#tests/helpers/answer-factories.ts';
import { NO_CAMPAIGN_RESULTS } from '#tests/helpers/campaign-results.ts';
import { runEachTestAt } from '#tests/helpers/clock.ts';
import { oneParagraph } from '#tests/helpers/rich-text.ts';
import { createQueryClient } from '~/lib/query-client';
import { getToastSnapshot } from '~/lib/toast';
import { CampaignDetailScreen } from './campaign-detail-screen';
import { CampaignEditorScreen } from './campaign-editor-screen';
import { CampaignListScreen } from './campaign-list-screen';
import { campaignQuery, SENDING_POLL_INTERVAL } from './data';
import { TemplateEditorScreen } from './template-editor-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEMPLATE_ID = '3f1c6a52-5d0e-4c8b-9a57-0c1d2e3f4a5b';
const CAMPAIGN_ID = '8a2b7c4d-1e3f-4a5b-8c6d-7e8f9a0b1c2d';
const SUBSCRIBER_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

const template: EmailTemplateDetail = {
  id: TEMPLATE_ID,
  key: 'monthly_newsletter',
  name: 'Newsletter mensuelle',
  subject: 'Les actus du mois',
  builtIn: true,
  variables: [
    { name: 'firstName', description: 'Prénom', example: 'Grâce' },
    { name: 'contentHtml', description: 'Contenu du numéro', example: '<p>Exemple</p>' },
    { name: 'unsubscribeUrl', description: 'Désinscription', example: 'https://example.com/u' },
  ],
  updatedAt: '2026-11-01T08:00:00.000Z',
  mjml: '<mjml><mj-body></mj-body></mjml>',
  compiledHtml: '<html></html>',
  blocks: null,
};

function NewCampaignRoute() {
  return <CampaignEditorScreen campaignId={undefined} />;
}
function CampaignPageRoute() {
  return <p>Page de la campagne</p>;
}
function TemplateRoute() {
  return <TemplateEditorScreen templateId={TEMPLATE_ID} />;
}
function CampaignDetailRoute() {
  return <CampaignDetailScreen campaignId={CAMPAIGN_ID} />;
}

function EditCampaignRoute() {
  return <CampaignEditorScreen campaignId={CAMPAIGN_ID} />;
}
function EditorLandingRoute() {
  return <p>Éditeur de la campagne</p>;
}

/** Several routes: a screen that navigates away lands on a stub saying where it is. */
function renderRoutes(routes: { path: string; Component: () => React.ReactNode }[], url: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const Stub = createRoutesStub(routes);
  return render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
}

/** The page of the campaign of these tests. */
const renderCampaignPage = () =>
  renderAdminScreen(
    CampaignDetailRoute,
    '/admin/emails/campaigns/:id',
    `/admin/emails/campaigns/${CAMPAIGN_ID}`,
  );

/** Clicks the button named `button` once it shows, and returns the dialog named `dialog` it opens. */
async function openDialog(button: string, dialog: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
}

/** The editor of a new campaign; once saved it goes to the campaign's page, a second route that shows where it landed. */
const renderNewCampaign = () =>
  renderRoutes(
    [
      { path: '/admin/emails/campaigns/new', Component: NewCampaignRoute },
      { path: '/admin/emails/campaigns/:id', Component: CampaignPageRoute },
    ],
    '/admin/emails/campaigns/new',
  );

const TEMPLATES_REPLY = () => ({ json: { templates: [{ ...template }] } });
const SETTINGS_REPLY = { json: { settings: [] } };
const TAGS_REPLY = { json: { items: [], total: 0, page: 1, pageSize: 1, tags: ['clients'] } };

/** The campaign of these tests; the values their assertions read are set here. */
const buildCampaign = (overrides: Partial<CampaignDetail> = {}): CampaignDetail =>
  aCampaignDetail({
    id: CAMPAIGN_ID,
    title: 'Newsletter de novembre',
    status: 'draft',
    templateId: TEMPLATE_ID,
    senderName: 'Lisanga Digital',
    senderEmail: 'contact@lisanga-digital.cd',
    segment: { tags: ['clients'], locale: undefined },
    recipientCount: 42,
    ...overrides,
  });

describe('template editor', () => {
  it('previews the source in a sandboxed frame and lists the French MJML problems', async () => {
    const { calls } = stubFetch({
      [`GET /api/admin/email-templates/${TEMPLATE_ID}`]: { json: { template } },
      'POST /api/admin/email-templates/compile': (call) =>
        (call.body ?? '').includes('mj-oops')
          ? {
              json: {
                html: '<p>partiel</p>',
                errors: [{ line: 1, message: 'Ligne 1 : La balise mj-oops n’existe pas dans MJML.' }],
              },
            }
          : { json: { html: '<p>Bonjour Grâce</p>', errors: [] } },
    });
    renderAdminScreen(TemplateRoute, '/admin/emails/templates/:id', `/admin/emails/templates/${TEMPLATE_ID}`);

    const frame = await screen.findByTitle('Aperçu du modèle');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Bonjour Grâce</p>');
    // The examples travel with the source: the preview shows them.
    const firstCompile = calls.find((c) => c.url.pathname.endsWith('/compile'));
    expect(JSON.parse(firstCompile?.body ?? '{}').variables).toContainEqual({
      name: 'firstName',
      description: 'Prénom',
      example: 'Grâce',
    });

    fireEvent.change(screen.getByLabelText('Source MJML'), {
      target: { value: '<mjml><mj-body><mj-oops /></mj-body></mjml>' },
    });
    const problems = await screen.findByTestId('mjml-errors');
    expect(problems.textContent).toBe('Ligne 1 : La balise mj-oops n’existe pas dans MJML.');
    expect(screen.getByText('1 erreur MJML')).toBeTruthy();
  });

  it('shows the server’s refusal of a source with errors next to the source', async () => {
    stubFetch({
      [`GET /api/admin/email-templates/${TEMPLATE_ID}`]: { json: { template } },
      'POST /api/admin/email-templates/compile': { json: { html: '<p>ok</p>', errors: [] } },
      [`PUT /api/admin/email-templates/${TEMPLATE_ID}`]: {
        status: 400,
        json: {
          error: {
            code: 'mjml_invalid',
            message: 'Le modèle MJML contient des erreurs : corrigez-les avant d’enregistrer.',
            fields: { mjml: 'Ligne 2 : L’attribut colour n’est pas autorisé sur cette balise.' },
            mjmlErrors: [
              { line: 2, message: 'Ligne 2 : L’attribut colour n’est pas autorisé sur cette balise.' },
            ],
          },
        },
      },
    });
    renderAdminScreen(TemplateRoute, '/admin/emails/templates/:id', `/admin/emails/templates/${TEMPLATE_ID}`);
    await screen.findByTitle('Aperçu du modèle');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Ligne 2 : L’attribut colour n’est pas autorisé sur cette balise.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Source MJML').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('campaign editor', () => {
  const summary: EmailTemplateSummary = { ...template };

  it('counts the recipients of the segment live and saves a draft with the default sender', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/email-templates': { json: { templates: [summary] } },
      'GET /api/admin/newsletter': {
        json: { items: [], total: 0, page: 1, pageSize: 1, tags: ['clients', 'vip'] },
      },
      'GET /api/admin/settings': {
        json: {
          settings: [
            {
              key: 'email.sender_name',
              value: 'Lisanga Digital Marketing',
              category: 'email',
              description: '',
              updatedAt: '',
            },
            {
              key: 'email.sender_email',
              value: 'contact@lisanga-digital.cd',
              category: 'email',
              description: '',
              updatedAt: '',
            },
          ],
        },
      },
      'POST /api/admin/campaigns/segment-count': (call) => ({
        json: { count: JSON.parse(call.body ?? '{}').segment.tags.includes('vip') ? 7 : 120 },
      }),
      'POST /api/admin/campaigns': { status: 201, json: { campaign: buildCampaign() } },
    });
    renderNewCampaign();

    expect(await screen.findByText('120 destinataires actifs')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'vip' }));
    expect(await screen.findByText('7 destinataires actifs')).toBeTruthy();
    expect((screen.getByLabelText(/Nom de l’expéditeur/) as HTMLInputElement).placeholder).toBe(
      'Lisanga Digital Marketing',
    );

    fireEvent.change(screen.getByLabelText('Titre (interne)'), {
      target: { value: 'Newsletter de novembre' },
    });
    // A template is the expert's way, behind "Avancé" (the composer is the default).
    fireEvent.click(screen.getByRole('switch', { name: /^Avancé/ }));
    fireEvent.change(screen.getByLabelText('Modèle'), { target: { value: TEMPLATE_ID } });
    // The template's subject as a start, and its content block, named in words (not the personal
    // variables, not the variable's name).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Objet' }).textContent).toBe('Les actus du mois'),
    );
    expect(screen.queryByLabelText(/unsubscribeUrl/)).toBeNull();
    expect(screen.queryByLabelText(/contentHtml/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Contenu du numéro/), {
      target: { value: '<p>Nos nouveautés</p>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));

    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/campaigns')).toBe(true),
    );
    const body = JSON.parse(
      calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/campaigns')?.body ?? '{}',
    );
    expect(body).toEqual({
      title: 'Newsletter de novembre',
      subject: 'Les actus du mois',
      templateId: TEMPLATE_ID,
      segment: { tags: ['vip'] },
      content: { contentHtml: '<p>Nos nouveautés</p>' },
    });
  });

  it('writes a new campaign in blocks: the greeting with its chip, a button added, an empty paragraph removed', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/email-templates': TEMPLATES_REPLY,
      'GET /api/admin/newsletter': TAGS_REPLY,
      'GET /api/admin/settings': SETTINGS_REPLY,
      'POST /api/admin/campaigns/segment-count': { json: { count: 12 } },
      'POST /api/admin/campaigns/compose-preview': {
        json: { subject: 'Nos conseils', html: '<p>Bonjour Grâce,</p>', text: '', subscriberEmail: null },
      },
      'POST /api/admin/campaigns': { status: 201, json: { campaign: buildCampaign() } },
    });
    renderNewCampaign();
    fireEvent.change(await screen.findByLabelText('Titre (interne)'), { target: { value: 'Conseils' } });
    // Typing into the subject's editor (Tiptap keeps its instance on its element).
    const subject = await screen.findByRole('textbox', { name: 'Objet' });
    await waitFor(() => expect((subject as { editor?: unknown } & HTMLElement).editor).toBeTruthy());
    act(() => {
      (subject as unknown as { editor: Editor }).editor.commands.insertContent('Nos conseils');
    });
    // The starter: a greeting whose first name is a chip, then a paragraph to write.
    const blocks = await screen.findAllByRole('region', { name: /^Bloc \d/ });
    expect(blocks).toHaveLength(2);
    await waitFor(() => expect(blocks[0]?.querySelector('[data-first-name]')?.textContent).toBe('Prénom'));
    expect(screen.queryByLabelText('Modèle')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Bouton' }));
    expect(screen.getAllByRole('region', { name: /^Bloc \d/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le bloc 2' }));
    expect(screen.getAllByRole('region', { name: /^Bloc \d/ })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Adresse du lien'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText(/^Une adresse commençant par https:/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/campaigns')).toBe(false);

    fireEvent.change(screen.getByLabelText('Adresse du lien'), { target: { value: '/contact#devis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText('Page de la campagne')).toBeTruthy();
    const body = JSON.parse(
      calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/campaigns')?.body ?? '{}',
    );
    expect(body.subject).toBe('Nos conseils');
    expect(body.templateId).toBeUndefined();
    expect(body.content).toBeUndefined();
    expect(body.blocks).toEqual([
      {
        id: expect.any(String),
        type: 'paragraph',
        text: oneParagraph(
          { type: 'text', text: 'Bonjour ' },
          { type: 'firstName', attrs: { fallback: 'à vous' } },
          { type: 'text', text: ',' },
        ),
      },
      { id: expect.any(String), type: 'button', label: 'Demander un devis gratuit', url: '/contact#devis' },
    ]);
  });

  it('edits a campaign as saved, keeping the blocks the server wrote (an announcement’s list)', async () => {
    const saved = buildCampaign({
      status: 'scheduled',
      scheduledAt: '2030-01-15T08:30:00.000Z',
      content: { contentHtml: '<p>Ancien</p>', publicationList: 'Article : https://example.cd/a' },
    });
    const { calls } = stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: { json: { campaign: saved } },
      'GET /api/admin/email-templates': TEMPLATES_REPLY,
      'GET /api/admin/newsletter': TAGS_REPLY,
      'GET /api/admin/settings': SETTINGS_REPLY,
      'POST /api/admin/campaigns/segment-count': { json: { count: 42 } },
      [`PUT /api/admin/campaigns/${CAMPAIGN_ID}`]: { json: { campaign: saved } },
    });
    renderRoutes(
      [
        { path: '/admin/emails/campaigns/:id/edit', Component: EditCampaignRoute },
        { path: '/admin/emails/campaigns/:id', Component: CampaignPageRoute },
      ],
      `/admin/emails/campaigns/${CAMPAIGN_ID}/edit`,
    );
    const title = (await screen.findByLabelText('Titre (interne)')) as HTMLInputElement;
    expect(title.value).toBe('Newsletter de novembre');
    expect((screen.getByRole('checkbox', { name: 'clients' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Contenu du numéro/) as HTMLTextAreaElement).value).toBe('<p>Ancien</p>');
    fireEvent.change(screen.getByLabelText(/Contenu du numéro/), { target: { value: '<p>Nouveau</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));

    expect(await screen.findByText('Page de la campagne')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toMatchObject({
      senderName: 'Lisanga Digital',
      senderEmail: 'contact@lisanga-digital.cd',
      segment: { tags: ['clients'] },
      content: { contentHtml: '<p>Nouveau</p>', publicationList: 'Article : https://example.cd/a' },
    });
  });

  it('refuses to edit a campaign already sent', async () => {
    stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: { json: { campaign: buildCampaign({ status: 'sent' }) } },
      'GET /api/admin/email-templates': TEMPLATES_REPLY,
    });
    renderRoutes(
      [{ path: '/admin/emails/campaigns/:id/edit', Component: EditCampaignRoute }],
      `/admin/emails/campaigns/${CAMPAIGN_ID}/edit`,
    );
    expect(
      await screen.findByText('Une campagne envoyée ou en cours d’envoi ne peut plus être modifiée.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer le brouillon' })).toBeNull();
  });
});

describe('campaigns list', () => {
  it('turns the publications ticked in the new-content card into an announcement draft', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/campaigns': { json: { items: [], total: 0, page: 1, pageSize: 20 } },
      'GET /api/admin/campaigns/new-content': {
        json: {
          publications: [
            {
              id: 'a1b2c3d4-0000-4000-8000-000000000001',
              contentType: 'blog',
              title: 'Vendre sur WhatsApp',
              url: '/blog/whatsapp',
              publishedAt: '2026-11-20T10:00:00.000Z',
            },
            {
              id: 'a1b2c3d4-0000-4000-8000-000000000002',
              contentType: 'portfolio',
              title: 'Étude Kin Market',
              url: '/portfolio/kin',
              publishedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      },
      'POST /api/admin/campaigns/announcement': { status: 201, json: { campaign: buildCampaign() } },
    });
    renderRoutes(
      [
        { path: '/admin/emails/campaigns', Component: CampaignListScreen },
        { path: '/admin/emails/campaigns/:id/edit', Component: EditorLandingRoute },
      ],
      '/admin/emails/campaigns',
    );
    expect(await screen.findByText('Aucune campagne pour le moment')).toBeTruthy();
    const prepare = await screen.findByRole('button', { name: 'Préparer l’annonce (0)' });
    expect((prepare as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Étude Kin Market/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Préparer l’annonce (1)' }));

    expect(await screen.findByText('Éditeur de la campagne')).toBeTruthy();
    const post = calls.find((c) => c.url.pathname.endsWith('/announcement'));
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      publicationIds: ['a1b2c3d4-0000-4000-8000-000000000002'],
    });
  });
});

describe('campaign detail', () => {
  // Scheduling refuses a past time: the dates below stay ahead whatever the day the test runs.
  runEachTestAt('2026-12-02T09:00:00Z');

  it('re-reads a campaign every 3 s only while it is being sent', () => {
    const interval = campaignQuery(CAMPAIGN_ID).refetchInterval;
    const stateWith = (status: CampaignDetail['status']) => ({ state: { data: buildCampaign({ status }) } });
    expect(interval(stateWith('sending'))).toBe(SENDING_POLL_INTERVAL);
    expect(SENDING_POLL_INTERVAL).toBe(3_000);
    for (const status of ['draft', 'scheduled', 'sent', 'failed'] as const) {
      expect(interval(stateWith(status))).toBe(false);
    }
  });

  it('asks before sending, naming the number of recipients, then sends', async () => {
    const sending = buildCampaign({
      status: 'sending',
      jobs: { queued: 42, sent: 0, failed: 0, bounced: 0, complained: 0, total: 42 },
    });
    let sent = false;
    const { calls } = stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: () => ({
        json: { campaign: sent ? sending : buildCampaign() },
      }),
      [`POST /api/admin/campaigns/${CAMPAIGN_ID}/send`]: () => {
        sent = true;
        return { json: { campaign: sending } };
      },
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}/results`]: { json: { ...NO_CAMPAIGN_RESULTS, queued: 42 } },
    });
    renderCampaignPage();
    expect((await screen.findByTestId('campaign-status')).textContent).toBe('Brouillon');
    expect(screen.queryByRole('button', { name: 'Mettre en pause' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('42 destinataires actifs');
    expect(calls.some((c) => c.url.pathname.endsWith('/send'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer maintenant' }));

    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('En cours d’envoi'));
    expect(screen.getByRole('button', { name: 'Mettre en pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler l’envoi' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Modifier' })).toBeNull();
    expect(
      await screen.findByText(
        'Le suivi des ouvertures et des clics est désactivé dans les réglages : ces chiffres restent à zéro.',
      ),
    ).toBeTruthy();
  });

  it('says why a campaign cannot leave yet, and offers neither sending nor scheduling', async () => {
    stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: {
        json: {
          campaign: buildCampaign({
            problems: ['Le contenu est vide\u00a0: écrivez au moins un paragraphe ou ajoutez un bloc.'],
          }),
        },
      },
    });
    renderCampaignPage();
    const problems = await screen.findByRole('region', { name: /Avant de l’envoyer/ });
    expect(problems.textContent).toContain('Le contenu est vide');
    const send = screen.getByRole('button', { name: 'Envoyer maintenant' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.getAttribute('aria-describedby')).toBe(problems.id);
    expect((screen.getByRole('button', { name: 'Programmer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a test to the address typed, and says so', async () => {
    const { calls } = stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: { json: { campaign: buildCampaign() } },
      'GET /api/admin/newsletter': {
        json: {
          items: [{ id: SUBSCRIBER_ID, email: 'amani@example.cd', firstName: 'Amani' }],
          total: 1,
          page: 1,
          pageSize: 20,
          tags: [],
        },
      },
      [`POST /api/admin/campaigns/${CAMPAIGN_ID}/test`]: { status: 202, json: {} },
    });
    renderCampaignPage();
    const dialog = await openDialog('Envoyer un test', 'Envoyer un test');
    fireEvent.change(within(dialog).getByLabelText('Adresse email'), {
      target: { value: 'pas-une-adresse' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le test' }));
    expect(await within(dialog).findByText('Email invalide')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/test'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Adresse email'), { target: { value: 'Moi@Example.cd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le test' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = calls.find((c) => c.url.pathname.endsWith('/test'));
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ email: 'moi@example.cd' });

    // Greeting a subscriber of the campaign, picked in the list: the test carries their id.
    const again = await openDialog('Envoyer un test', 'Envoyer un test');
    fireEvent.change(within(again).getByLabelText('Adresse email'), { target: { value: 'moi@example.cd' } });
    const who = within(again).getByLabelText('Abonné') as HTMLSelectElement;
    await within(again).findByRole('option', { name: 'Amani · amani@example.cd' });
    fireEvent.change(who, { target: { value: SUBSCRIBER_ID } });
    fireEvent.click(within(again).getByRole('button', { name: 'Envoyer le test' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/test'))).toHaveLength(2));
    expect(JSON.parse(calls.filter((c) => c.url.pathname.endsWith('/test'))[1]?.body ?? '{}')).toEqual({
      email: 'moi@example.cd',
      subscriberId: SUBSCRIBER_ID,
    });
    expect(getToastSnapshot()).toMatchObject({
      title: 'Email de test envoyé',
      description: 'moi@example.cd',
    });
  });

  it('schedules in Kinshasa time, whatever the browser’s zone', async () => {
    const scheduled = buildCampaign({ status: 'scheduled', scheduledAt: '2030-01-15T08:30:00.000Z' });
    let current = buildCampaign();
    const { calls } = stubFetch({
      [`GET /api/admin/campaigns/${CAMPAIGN_ID}`]: () => ({ json: { campaign: current } }),
      [`POST /api/admin/campaigns/${CAMPAIGN_ID}/schedule`]: () => {
        current = scheduled;
        return { json: { campaign: scheduled } };
      },
    });
    renderCampaignPage();
    const dialog = await openDialog('Programmer', 'Programmer l’envoi');
    const when = within(within(dialog).getByRole('group', { name: 'Date et heure (Kinshasa)' }));
    fireEvent.change(when.getByLabelText('Date'), { target: { value: '15/01/2030' } });
    fireEvent.change(when.getByLabelText('Heure'), { target: { value: '9h30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Programmer' }));

    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Programmée'));
    const call = calls.find((c) => c.url.pathname.endsWith('/schedule'));
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ scheduledAt: '2030-01-15T09:30:00+01:00' });
    expect(screen.getByRole('button', { name: 'Déprogrammer' })).toBeTruthy();
  });
});
