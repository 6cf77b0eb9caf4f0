// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSubscriber, SubscriberImportResult, SubscriberPage } from '#common/schemas/admin.ts';
import { type RecordedCall, renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { getToastSnapshot } from '~/lib/toast';
import { IMPORT_MAX_BYTES } from './import-dialog';
import { SubscribersScreen } from './subscribers-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Waits for the error toast (in red) with this title and description. */
const expectErrorToast = (title: string, description: string) =>
  waitFor(() => expect(getToastSnapshot()).toMatchObject({ title, description, variant: 'destructive' }));

function buildSubscriber(overrides: Partial<AdminSubscriber> = {}): AdminSubscriber {
  return {
    id: crypto.randomUUID(),
    email: 'marie.kabila@example.cd',
    firstName: 'Marie',
    lastName: 'Kabila',
    locale: 'fr',
    tags: ['clients'],
    status: 'active',
    source: 'footer',
    consentAt: '2026-10-02T08:00:00.000Z',
    subscribedAt: '2026-10-02T08:00:00.000Z',
    createdAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-10-02T08:00:00.000Z',
    reviewReason: null,
    trafficSource: null,
    ...overrides,
  };
}

const marie = buildSubscriber({ trafficSource: 'Facebook' });
const jean = buildSubscriber({
  email: 'jean@example.cd',
  firstName: null,
  lastName: null,
  tags: [],
  status: 'pending',
  source: 'import',
  subscribedAt: null,
  consentAt: null,
});

function page(items: AdminSubscriber[], overrides: Partial<SubscriberPage> = {}): SubscriberPage {
  return { items, total: items.length, page: 1, pageSize: 20, tags: ['clients', 'vip'], ...overrides };
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/newsletter');
const lastListSearch = (calls: RecordedCall[]) => listCalls(calls).at(-1)?.url.searchParams;

function renderScreen(url = '/admin/newsletter') {
  return renderAdminScreen(SubscribersScreen, '/admin/newsletter', url);
}

async function findRow(email: string) {
  const cell = await screen.findByText(email);
  return cell.closest('tr') as HTMLElement;
}

describe('the subscribers list', () => {
  it('shows each subscriber with status, tags, origin, the visit’s source and dates in French', async () => {
    stubFetch({ 'GET /api/admin/newsletter': { json: page([marie, jean]) } });
    renderScreen();
    const first = within(await findRow('marie.kabila@example.cd'));
    expect(first.getByText('Marie Kabila')).toBeTruthy();
    expect(first.getByText('Actif')).toBeTruthy();
    expect(within(first.getByRole('list', { name: 'Étiquettes' })).getByText('clients')).toBeTruthy();
    expect(first.getByText('Pied de page')).toBeTruthy();
    expect(first.getByText(/^Source\s:\sFacebook$/)).toBeTruthy();
    expect(first.getByText('1 oct. 2026')).toBeTruthy();
    expect(
      first
        .getByRole('link', { name: 'Exporter les données de marie.kabila@example.cd' })
        .getAttribute('href'),
    ).toBe(`/api/admin/newsletter/${marie.id}/export`);

    const second = within(await findRow('jean@example.cd'));
    expect(second.getByText('En attente')).toBeTruthy();
    expect(second.getByText('Import CSV')).toBeTruthy();
    expect(second.queryByText(/^Source/)).toBeNull();
    expect(screen.getByText('1–2 sur 2')).toBeTruthy();
  });

  it('reads the filters from the URL, sends them to the API and exports with the same filters', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/newsletter': { json: page([jean]) } });
    renderScreen('/admin/newsletter?status=pending&q=jean&tag=vip&page=2&sort=email&order=asc');
    await findRow('jean@example.cd');
    expect(Object.fromEntries(lastListSearch(calls) ?? [])).toEqual({
      q: 'jean',
      status: 'pending',
      tag: 'vip',
      page: '2',
      sort: 'email',
      order: 'asc',
    });
    expect((screen.getByLabelText('Statut') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByLabelText('Étiquette') as HTMLSelectElement).value).toBe('vip');
    expect((screen.getByLabelText('Rechercher un abonné') as HTMLInputElement).value).toBe('jean');
    const exportLink = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(exportLink.getAttribute('href')).toBe(
      '/api/admin/newsletter/export.csv?q=jean&status=pending&tag=vip',
    );
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('ignores a hand-edited invalid value in the URL instead of failing', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/newsletter': { json: page([marie]) } });
    renderScreen('/admin/newsletter?status=nimporte&page=-3&sort=password');
    await findRow('marie.kabila@example.cd');
    expect(lastListSearch(calls)?.toString()).toBe('');
  });

  it('filters by status and tag, and goes back to page 1 when a filter changes', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': { json: page([marie, jean], { total: 45 }) },
    });
    renderScreen();
    await findRow('marie.kabila@example.cd');
    fireEvent.click(screen.getByRole('button', { name: /Suivant/ }));
    await waitFor(() => expect(lastListSearch(calls)?.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'active' } });
    await waitFor(() => expect(lastListSearch(calls)?.toString()).toBe('status=active'));

    const tagSelect = screen.getByLabelText('Étiquette');
    expect(
      within(tagSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Toutes', 'clients', 'vip']);
    fireEvent.change(tagSelect, { target: { value: 'vip' } });
    await waitFor(() => expect(lastListSearch(calls)?.toString()).toBe('status=active&tag=vip'));
  });

  it('searches by email or name once typing pauses', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/newsletter': { json: page([marie]) } });
    renderScreen();
    await findRow('marie.kabila@example.cd');
    fireEvent.change(screen.getByLabelText('Rechercher un abonné'), { target: { value: 'kabila' } });
    await waitFor(() => expect(lastListSearch(calls)?.get('q')).toBe('kabila'));
    expect(listCalls(calls).filter((call) => call.url.searchParams.has('q'))).toHaveLength(1);
  });

  it('sorts by a column from its header, toggling the order, with aria-sort', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/newsletter': { json: page([marie, jean]) } });
    renderScreen();
    await findRow('marie.kabila@example.cd');
    const emailHeader = () => screen.getByRole('columnheader', { name: /Email/ });
    const createdHeader = screen.getByRole('columnheader', { name: /Inscription/ });
    expect(createdHeader.getAttribute('aria-sort')).toBe('descending');
    expect(emailHeader().getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(emailHeader()).getByRole('button'));
    await waitFor(() => expect(lastListSearch(calls)?.toString()).toBe('sort=email&order=asc'));
    expect(emailHeader().getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(emailHeader()).getByRole('button'));
    await waitFor(() => expect(lastListSearch(calls)?.toString()).toBe('sort=email'));
    expect(emailHeader().getAttribute('aria-sort')).toBe('descending');
  });

  it('goes to the last page that exists when the page asked for is past the end', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': (call) => {
        const requested = Number(call.url.searchParams.get('page') ?? '1');
        return { json: page(requested === 2 ? [jean] : [], { total: 21, page: requested }) };
      },
    });
    renderScreen('/admin/newsletter?page=5');
    expect(await findRow('jean@example.cd')).toBeTruthy();
    expect(lastListSearch(calls)?.get('page')).toBe('2');
    expect(screen.getByText('21–21 sur 21')).toBeTruthy();
  });

  it('says when no subscriber matches the filters', async () => {
    stubFetch({ 'GET /api/admin/newsletter': { json: page([]) } });
    renderScreen('/admin/newsletter?q=personne');
    expect(await screen.findByText('Aucun abonné ne correspond à ces critères')).toBeTruthy();
  });

  it('shows the error with a Réessayer button', async () => {
    let fail = true;
    stubFetch({
      'GET /api/admin/newsletter': () => (fail ? { status: 500, text: '' } : { json: page([marie]) }),
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les données.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await findRow('marie.kabila@example.cd')).toBeTruthy();
  });
});

describe('erasing a subscriber', () => {
  it('asks for confirmation, explains what goes, and only then sends DELETE', async () => {
    let erased = false;
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': () => ({ json: page(erased ? [jean] : [marie, jean]) }),
      [`DELETE /api/admin/newsletter/${marie.id}`]: () => {
        erased = true;
        return { status: 204 };
      },
    });
    renderScreen();
    const row = within(await findRow('marie.kabila@example.cd'));
    fireEvent.click(row.getByRole('button', { name: 'Supprimer définitivement marie.kabila@example.cd' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Supprimer définitivement cet abonné\u00a0?',
    });
    expect(dialog.textContent).toContain('marie.kabila@example.cd');
    expect(dialog.textContent).toContain('irréversible');
    expect(dialog.textContent).toContain('emails qui ne lui ont pas encore été envoyés');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(row.getByRole('button', { name: 'Supprimer définitivement marie.kabila@example.cd' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Supprimer définitivement' }));

    await waitFor(() => expect(screen.queryByText('marie.kabila@example.cd')).toBeNull());
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.headers.get('X-Requested-With')).toBe('fetch');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(getToastSnapshot()).toMatchObject({ title: 'Abonné supprimé' });
  });

  it('keeps the dialog open and says why when the server refuses', async () => {
    stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      [`DELETE /api/admin/newsletter/${marie.id}`]: {
        status: 404,
        json: { error: { message: 'Abonné introuvable.' } },
      },
    });
    renderScreen();
    const row = within(await findRow('marie.kabila@example.cd'));
    fireEvent.click(row.getByRole('button', { name: 'Supprimer définitivement marie.kabila@example.cd' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await expectErrorToast('Suppression impossible', 'Abonné introuvable.');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});

describe('editing tags', () => {
  it('sends the tags cleaned up (lowercase, no duplicates) and refreshes the list', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      [`PATCH /api/admin/newsletter/${marie.id}`]: (call) => ({
        json: { subscriber: { ...marie, tags: (JSON.parse(call.body ?? '{}') as { tags: string[] }).tags } },
      }),
    });
    renderScreen();
    const row = within(await findRow('marie.kabila@example.cd'));
    fireEvent.click(row.getByRole('button', { name: 'Étiquettes de marie.kabila@example.cd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les étiquettes' });
    const input = within(dialog).getByLabelText('Étiquettes') as HTMLInputElement;
    expect(input.value).toBe('clients');
    fireEvent.change(input, { target: { value: 'Clients, VIP , ,vip, salon-2026' } });
    expect(
      within(within(dialog).getByRole('list', { name: 'Aperçu des étiquettes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['clients', 'vip', 'salon-2026']);
    const listCallsBefore = listCalls(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({ tags: ['clients', 'vip', 'salon-2026'] });
    expect(getToastSnapshot()).toMatchObject({ title: 'Étiquettes enregistrées' });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listCallsBefore));
  });

  it('refuses a tag longer than 50 characters before sending, and shows the server’s field errors', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      [`PATCH /api/admin/newsletter/${marie.id}`]: {
        status: 400,
        json: {
          error: { message: 'Données invalides', fields: { 'tags.0': 'Étiquette refusée par le serveur' } },
        },
      },
    });
    renderScreen();
    const row = within(await findRow('marie.kabila@example.cd'));
    fireEvent.click(row.getByRole('button', { name: 'Étiquettes de marie.kabila@example.cd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les étiquettes' });
    const input = within(dialog).getByLabelText('Étiquettes');

    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Étiquette trop longue (50 caractères au plus)',
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(input, { target: { value: 'promo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Étiquette refusée par le serveur')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('importing a CSV file', () => {
  const result: SubscriberImportResult = {
    created: 2,
    existing: 1,
    invalid: [
      { line: 4, value: 'pas-une-adresse', message: 'Adresse email invalide' },
      { line: 7, value: '', message: 'Ligne vide ignorée' },
    ],
  };
  const csv = 'email,prénom,nom\nawa@example.cd,Awa,Diallo\n';

  async function openImport() {
    await findRow('marie.kabila@example.cd');
    fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
    return screen.findByRole('dialog', { name: 'Importer des abonnés' });
  }

  function chooseFile(dialog: HTMLElement, file: File) {
    fireEvent.change(within(dialog).getByLabelText(/Fichier CSV/), { target: { files: [file] } });
  }

  it('posts the file as text/csv, without consent by default, and lists the refused lines', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      'POST /api/admin/newsletter/import': { json: result },
    });
    renderScreen();
    const dialog = await openImport();
    const consent = within(dialog).getByLabelText('Ces personnes ont déjà donné leur consentement explicite');
    expect((consent as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain('reçoit un email de confirmation et reste «\u00a0En attente\u00a0»');
    expect(
      within(dialog)
        .getByLabelText(/Fichier CSV/)
        .getAttribute('accept'),
    ).toBe('.csv,text/csv');

    chooseFile(dialog, new File([csv], 'contacts.csv', { type: 'text/csv' }));
    fireEvent.change(within(dialog).getByLabelText(/Étiquettes à ajouter/), {
      target: { value: 'salon-2026, vip' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));

    const report = await within(dialog).findByRole('status');
    expect(report.textContent).toContain('Import terminé');
    expect(report.textContent).toContain(
      '2nouvelles adresses ajoutées («\u00a0En attente\u00a0», un email de confirmation',
    );
    expect(report.textContent).toContain('1adresse déjà connue');
    expect(report.textContent).toContain('2lignes refusées');
    const refused = within(within(dialog).getByRole('region', { name: 'Lignes refusées' })).getAllByRole(
      'listitem',
    );
    expect(refused.map((item) => item.textContent)).toEqual([
      'Ligne 4 — «\u00a0pas-une-adresse\u00a0»Adresse email invalide',
      'Ligne 7Ligne vide ignorée',
    ]);

    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.searchParams.get('consented')).toBe('false');
    expect(post?.url.searchParams.get('tags')).toBe('salon-2026, vip');
    expect(post?.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(post?.headers.get('X-Requested-With')).toBe('fetch');
    expect(post?.body).toBe(csv);
    expect(getToastSnapshot()).toMatchObject({ title: 'Import terminé' });

    // Closing and reopening starts from an empty form again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
    const reopened = await screen.findByRole('dialog', { name: 'Importer des abonnés' });
    expect(within(reopened).queryByRole('status')).toBeNull();
  });

  it('sends consented=true only when the box is ticked, and warns what that means', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      'POST /api/admin/newsletter/import': { json: { created: 1, existing: 0, invalid: [] } },
    });
    renderScreen();
    const dialog = await openImport();
    fireEvent.click(
      within(dialog).getByLabelText('Ces personnes ont déjà donné leur consentement explicite'),
    );
    expect(dialog.textContent).toContain('directement «\u00a0Actif\u00a0»');
    chooseFile(dialog, new File(['awa@example.cd\n'], 'liste.csv', { type: 'text/csv' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('consentement déclaré');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.searchParams.get('consented')).toBe('true');
    expect(post?.url.searchParams.has('tags')).toBe(false);
  });

  it('refuses a missing or too large file before sending anything', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/newsletter': { json: page([marie]) } });
    renderScreen();
    const dialog = await openImport();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Choisissez un fichier CSV à importer.',
    );

    chooseFile(dialog, new File(['a'.repeat(IMPORT_MAX_BYTES + 1)], 'enorme.csv', { type: 'text/csv' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Le fichier dépasse 2 Mo');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s message when the import is refused', async () => {
    stubFetch({
      'GET /api/admin/newsletter': { json: page([marie]) },
      'POST /api/admin/newsletter/import': {
        status: 400,
        json: { error: { message: "Aucune colonne 'email' trouvée dans le fichier." } },
      },
    });
    renderScreen();
    const dialog = await openImport();
    chooseFile(dialog, new File(['nom;ville\nAwa;Kinshasa\n'], 'mauvais.csv', { type: 'text/csv' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    await expectErrorToast('Échec de l’import', "Aucune colonne 'email' trouvée dans le fichier.");
    expect(within(dialog).queryByRole('status')).toBeNull();
  });
});

describe('the sign-ups kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md)', () => {
  const REASON = 'Plus de 10 inscriptions en 15 minutes depuis la même adresse';

  it('filters by "À vérifier" from the URL, marks each one, and "Ce n’est pas du spam" clears it', async () => {
    let flagged = buildSubscriber({ email: 'partage@example.cd', reviewReason: REASON });
    const { calls } = stubFetch({
      'GET /api/admin/newsletter': () => ({ json: page(flagged.reviewReason ? [flagged] : []) }),
      [`POST /api/admin/newsletter/${flagged.id}/not-spam`]: () => {
        flagged = { ...flagged, reviewReason: null };
        return { json: { subscriber: flagged } };
      },
    });
    renderScreen('/admin/newsletter?review=a_verifier');
    const row = within(await findRow('partage@example.cd'));
    expect(row.getByText('À vérifier')).toBeTruthy();
    expect(row.getByText('À vérifier').closest('[title]')?.getAttribute('title')).toBe(REASON);
    expect(lastListSearch(calls)?.get('review')).toBe('a_verifier');
    expect((screen.getByLabelText('Vérification') as HTMLSelectElement).value).toBe('a_verifier');
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toContain(
      'review=a_verifier',
    );

    fireEvent.click(row.getByRole('button', { name: /^Ce n’est pas du spam\s:\spartage@example\.cd$/ }));
    await waitFor(() => expect(screen.queryByText('partage@example.cd')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers no such button for a sign-up that is not to check', async () => {
    stubFetch({ 'GET /api/admin/newsletter': { json: page([marie]) } });
    renderScreen();
    const row = within(await findRow('marie.kabila@example.cd'));
    expect(row.queryByRole('button', { name: /Ce n’est pas du spam/ })).toBeNull();
    expect(row.queryByText('À vérifier')).toBeNull();
  });
});
