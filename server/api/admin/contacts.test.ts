import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, type ContactRequest, contactRequests } from '#db/schema.ts';
import { adminTestContext } from '#tests/helpers/admin-session.ts';
import { waitForEvent } from '#tests/helpers/events.ts';
import { activitiesOfType, daysAfter, insertContact } from '#tests/helpers/factories.ts';
import { expectInvalidFields } from '#tests/helpers/field-errors.ts';

const ctx = adminTestContext({ events: true });

const at = daysAfter('2026-01-05T09:00:00Z');

let marie: ContactRequest;
let jean: ContactRequest;
let underscore: ContactRequest;
let percent: ContactRequest;
let formula: ContactRequest;

beforeAll(async () => {
  const db = ctx.database.db;
  marie = await insertContact(db, {
    fullName: 'Marie Kabila',
    email: 'marie.kabila@kin-agro.cd',
    company: 'Kin Agro',
    phone: '+243812345678',
    source: 'quote_request',
    createdAt: at(0),
  });
  jean = await insertContact(db, {
    fullName: 'jean Mbala',
    email: 'jean@mbala.cd',
    company: 'Mbala & Fils',
    status: 'en_cours',
    source: 'call_request',
    createdAt: at(1),
  });
  underscore = await insertContact(db, { fullName: 'Agnès Lukusa', company: 'Agence_X', createdAt: at(2) });
  await insertContact(db, {
    fullName: 'Zoé Ilunga',
    company: 'AgenceYX',
    status: 'traite',
    createdAt: at(3),
  });
  percent = await insertContact(db, { fullName: 'Bob Nsimba', company: 'Promo 100% Kin', createdAt: at(4) });
  formula = await insertContact(db, {
    fullName: '=HYPERLINK("http://evil.example","Cliquez")',
    email: 'piege@exemple.cd',
    company: '@SUM(A1:A2)',
    message: 'Élève à Kinshasa, budget modéré — merci !',
    status: 'traite',
    createdAt: at(5),
  });
  // Fillers for the pagination: 20 website leads, older than the rest.
  for (let i = 0; i < 20; i++) {
    await insertContact(db, { fullName: `Rempli ${String(i).padStart(2, '0')}`, createdAt: at(-30 + i) });
  }
});
beforeEach(() => {
  ctx.events.length = 0;
});

type ListBody = { items: { id: string; fullName: string }[]; total: number; page: number; pageSize: number };
const list = async (query: string) => {
  const res = await ctx.admin.get(`/api/admin/contacts?${query}`).expect(200);
  return res.body as ListBody;
};
const names = (body: ListBody) => body.items.map((c) => c.fullName);
/** The rows of the CSV export at `path` (its byte order mark and last line break left out). */
const exportedRows = async (path: string) =>
  (await ctx.admin.get(path).expect(200)).text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('GET /api/admin/contacts', () => {
  it('pages the newest leads first and counts them all', async () => {
    const first = await list('pageSize=10');
    expect(first.total).toBe(26);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.id).toBe(formula.id);
    const last = await list('pageSize=10&page=3');
    expect(last.items).toHaveLength(6);
    expect(last.items.at(-1)?.fullName).toBe('Rempli 00');
    const all = new Set(
      [...first.items, ...(await list('pageSize=10&page=2')).items, ...last.items].map((c) => c.id),
    );
    expect(all.size).toBe(26);
  });

  it('answers the lead with every field the screen shows', async () => {
    const body = await list('q=kin-agro');
    expect(body.items).toEqual([
      expect.objectContaining({
        id: marie.id,
        fullName: 'Marie Kabila',
        email: 'marie.kabila@kin-agro.cd',
        phone: '+243812345678',
        // Grouped for reading; a number the site could not recognise is shown as it was typed.
        phoneDisplay: '+243 81 234 5678',
        company: 'Kin Agro',
        status: 'nouveau',
        source: 'quote_request',
        createdAt: at(0).toISOString(),
      }),
    ]);
  });

  it('searches name, email, company and phone, whatever the case', async () => {
    expect(names(await list('q=MARIE'))).toEqual(['Marie Kabila']);
    expect(names(await list('q=jean%40mbala'))).toEqual(['jean Mbala']);
    expect(names(await list('q=mbala%20%26%20fils'))).toEqual(['jean Mbala']);
    expect(names(await list('q=812345'))).toEqual(['Marie Kabila']);
    expect((await list('q=introuvable')).total).toBe(0);
  });

  it('takes % and _ typed in the search literally', async () => {
    const percentSearch = await list(`q=${encodeURIComponent('%')}`);
    expect(percentSearch.items.map((c) => c.id)).toEqual([percent.id]);
    expect(percentSearch.total).toBe(1);
    // "_" would match any character as a LIKE wildcard, "AgenceYX" included.
    expect((await list('q=e_X')).items.map((c) => c.id)).toEqual([underscore.id]);
    expect((await list(`q=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('filters by status and source, and counts with the same filters', async () => {
    const done = await list('status=traite');
    expect(done.total).toBe(2);
    expect(names(done)).toEqual([formula.fullName, 'Zoé Ilunga']);
    const calls = await list('source=call_request');
    expect(names(calls)).toEqual(['jean Mbala']);
    const both = await list('status=en_cours&source=quote_request');
    expect(both).toMatchObject({ items: [], total: 0 });
    const paged = await list('source=website&pageSize=10&page=2');
    expect(paged.total).toBe(24);
    expect(paged.items).toHaveLength(10);
  });

  it('sorts by name (case-insensitive) and status in both directions', async () => {
    const byName = names(await list('sort=fullName&order=asc&pageSize=100'));
    expect(byName.indexOf('Agnès Lukusa')).toBeLessThan(byName.indexOf('jean Mbala'));
    expect(byName.indexOf('jean Mbala')).toBeLessThan(byName.indexOf('Marie Kabila'));
    const byStatus = (
      await ctx.admin.get('/api/admin/contacts?sort=status&order=desc&pageSize=3').expect(200)
    ).body as { items: { status: string }[] };
    expect(byStatus.items.map((c) => c.status)).toEqual(['traite', 'traite', 'en_cours']);
  });

  it('refuses unknown filters and sorts with French messages per field', async () => {
    await expectInvalidFields(
      ctx.admin.get('/api/admin/contacts?status=archive&sort=password&pageSize=1000&page=0&order=up'),
      {
        status: 'Statut invalide',
        sort: 'Tri invalide',
        pageSize: 'Taille de page invalide',
        page: 'Page invalide',
        order: 'Ordre de tri invalide',
      },
    );
  });
});

describe('GET /api/admin/contacts/:id', () => {
  it('answers one lead, 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await ctx.admin.get(`/api/admin/contacts/${jean.id}`).expect(200);
    expect(res.body.contact).toMatchObject({ id: jean.id, fullName: 'jean Mbala', status: 'en_cours' });
    const missing = await ctx.admin
      .get('/api/admin/contacts/5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60')
      .expect(404);
    expect(missing.body.error.message).toBe('Contact introuvable.');
    const bad = await ctx.admin.get('/api/admin/contacts/pas-un-id').expect(400);
    expect(bad.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
  });
});

describe('PATCH /api/admin/contacts/:id/status', () => {
  const patch = (id: string, status: unknown) =>
    ctx.admin.patch(`/api/admin/contacts/${id}/status`).send({ status });

  it('moves a lead forwards and back, logs it and broadcasts it', async () => {
    const lead = await insertContact(ctx.database.db, { fullName: 'Suivi Statut', createdAt: at(-100) });
    for (const status of ['en_cours', 'traite', 'nouveau'] as const) {
      ctx.events.length = 0;
      const res = await patch(lead.id, status).expect(200);
      expect(res.body.contact).toMatchObject({ id: lead.id, status });
      const event = await waitForEvent(ctx.events, (e) => e.type === 'contact_status_update');
      expect(event).toEqual({
        channel: 'contacts',
        type: 'contact_status_update',
        data: { id: lead.id, status },
      });
      await waitForEvent(ctx.events, (e) => e.channel === 'dashboard' && e.type === 'stats_update');
    }
    const [row] = await ctx.database.db.select().from(contactRequests).where(eq(contactRequests.id, lead.id));
    expect(row?.status).toBe('nouveau');
    const logs = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.type, 'contact.status_changed'), eq(activityLogs.userId, ctx.admin.user.id)),
      );
    const mine = logs.filter((l) => l.title.includes('Suivi Statut'));
    expect(mine.map((l) => l.description).sort()).toEqual(
      ['En cours → Traité', 'Nouveau → En cours', 'Traité → Nouveau'].sort(),
    );
  });

  it('answers the same status without logging or broadcasting anything', async () => {
    const lead = await insertContact(ctx.database.db, {
      fullName: 'Sans Changement',
      status: 'en_cours',
      createdAt: at(-100),
    });
    await patch(lead.id, 'en_cours').expect(200);
    // A real change afterwards: its event arrives, and it is the only one.
    await patch(lead.id, 'traite').expect(200);
    await waitForEvent(ctx.events, (e) => e.type === 'contact_status_update');
    expect(ctx.events.filter((e) => e.type === 'contact_status_update')).toEqual([
      { channel: 'contacts', type: 'contact_status_update', data: { id: lead.id, status: 'traite' } },
    ]);
    const logs = await activitiesOfType(ctx.database.db, 'contact.status_changed');
    expect(logs.filter((l) => l.title.includes('Sans Changement'))).toHaveLength(1);
  });

  it('refuses an unknown status, an unknown lead and a malformed id', async () => {
    const res = await patch(marie.id, 'archive').expect(400);
    expect(res.body.error.fields).toEqual({ status: 'Statut invalide' });
    await patch('5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60', 'traite').expect(404);
    await patch('123', 'traite').expect(400);
    const [row] = await ctx.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, marie.id));
    expect(row?.status).toBe('nouveau');
  });
});

describe('GET /api/admin/contacts/export.csv', () => {
  it('downloads a UTF-8 CSV with BOM, French headers and formulas neutralised', async () => {
    const res = await ctx.admin
      .get('/api/admin/contacts/export.csv')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date,Nom complet,Email,Téléphone,Entreprise,Service,Budget,Message,Statut,Origine,Source',
    );
    // Newest first; Kinshasa time (UTC+1).
    expect(lines[1]).toContain('2026-01-10 10:00');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Cliquez"")"`);
    expect(lines[1]).toContain(",'@SUM(A1:A2),");
    expect(lines[1]).toContain('Élève à Kinshasa, budget modéré — merci !');
    expect(lines[1]).toContain(',Traité,Formulaire de contact');
    expect(text).toContain("'+243812345678");
    expect(text).toContain('Demande de devis');
    // The header, the 26 leads above and the 2 the status tests added.
    expect(lines.filter((l) => l !== '')).toHaveLength(1 + 26 + 2);
  });

  it('exports exactly the filtered list and logs the export', async () => {
    const rows = await exportedRows('/api/admin/contacts/export.csv?status=traite&q=PIEGE');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('piege@exemple.cd');
    const logs = await activitiesOfType(ctx.database.db, 'contacts.exported');
    expect(logs.at(-1)).toMatchObject({
      userId: ctx.admin.user.id,
      title: 'Export CSV des contacts (1)',
      description: 'Filtres : recherche « PIEGE », statut Traité',
    });
  });

  it('refuses a malformed filter', async () => {
    const res = await ctx.admin.get('/api/admin/contacts/export.csv?status=perdu').expect(400);
    expect(res.body.error.fields).toEqual({ status: 'Statut invalide' });
  });
});

describe('the leads’ source (docs/decisions/084-first-party-audience.md)', () => {
  const facebook = {
    source: 'Facebook',
    referrerHost: 'l.facebook.com',
    utmSource: 'facebook',
    utmCampaign: 'lancement',
    landingPath: '/',
    formPath: '/devis',
    pages: ['/', '/services/seo', '/devis'],
    pagesSeen: 3,
    device: 'mobile' as const,
    country: 'CD',
  };
  let fromFacebook: ContactRequest;

  beforeAll(async () => {
    const db = ctx.database.db;
    fromFacebook = await insertContact(db, {
      fullName: 'Source Facebook Un',
      attribution: facebook,
      trafficSource: 'Facebook',
      createdAt: at(20),
    });
    await insertContact(db, {
      fullName: 'Source Facebook Deux',
      status: 'traite',
      attribution: facebook,
      trafficSource: 'Facebook',
      createdAt: at(21),
    });
    await insertContact(db, {
      fullName: 'Source Google',
      attribution: { source: 'Google', landingPath: '/blog', formPath: '/contact', pagesSeen: 2 },
      trafficSource: 'Google',
      createdAt: at(22),
    });
  });

  type SourcedList = ListBody & { trafficSources: { value: string; count: number }[] };

  it('filters the list by the visit’s source, with the other filters, and offers every source with its leads', async () => {
    const facebookLeads = (await list('trafficSource=Facebook')) as SourcedList;
    expect(names(facebookLeads)).toEqual(['Source Facebook Deux', 'Source Facebook Un']);
    expect(facebookLeads.total).toBe(2);
    expect(names(await list('trafficSource=Facebook&status=nouveau'))).toEqual(['Source Facebook Un']);
    expect((await list('trafficSource=Instagram')).total).toBe(0);
    // The choices: every source stored, most leads first, whatever the filters (leads without a
    // source are not one).
    expect(facebookLeads.trafficSources).toEqual([
      { value: 'Facebook', count: 2 },
      { value: 'Google', count: 1 },
    ]);
    expect(((await list('status=traite')) as SourcedList).trafficSources).toEqual(
      facebookLeads.trafficSources,
    );
  });

  it('refuses a malformed source filter with a French message', async () => {
    const res = await ctx.admin.get(`/api/admin/contacts?trafficSource=${'x'.repeat(300)}`).expect(400);
    expect(res.body.error.fields).toEqual({ trafficSource: 'Source invalide (255 caractères au plus)' });
    const twice = await ctx.admin.get('/api/admin/contacts?trafficSource=a&trafficSource=b').expect(400);
    expect(twice.body.error.fields).toEqual({ trafficSource: 'Source invalide' });
  });

  it('answers a lead’s source with the lead, and null when it is unknown', async () => {
    const res = await ctx.admin.get(`/api/admin/contacts/${fromFacebook.id}`).expect(200);
    expect(res.body.attribution).toEqual(facebook);
    expect(res.body.contact.id).toBe(fromFacebook.id);
    expect((await ctx.admin.get(`/api/admin/contacts/${marie.id}`).expect(200)).body.attribution).toBeNull();
  });

  it('exports the source in its own column, the form apart as "Origine", and filters the export the same', async () => {
    const rows = await exportedRows('/api/admin/contacts/export.csv?trafficSource=Facebook');
    expect(rows[0]).toBe(
      'Date,Nom complet,Email,Téléphone,Entreprise,Service,Budget,Message,Statut,Origine,Source',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/,Traité,Formulaire de contact,Facebook$/);
    const logs = await activitiesOfType(ctx.database.db, 'contacts.exported');
    expect(logs.at(-1)?.description).toBe('Filtres : source « Facebook »');

    const all = await ctx.admin.get('/api/admin/contacts/export.csv').expect(200);
    expect(all.text).toMatch(/,Nouveau,Formulaire de contact,Google\r\n/);
    // A lead of unknown source has an empty cell.
    expect(all.text).toMatch(/,Nouveau,Demande de devis,\r\n/);
  });
});
