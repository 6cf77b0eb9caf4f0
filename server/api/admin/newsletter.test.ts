import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  emailOutbox,
  type NewsletterSubscription,
  newsletterSubscriptions,
} from '#db/schema.ts';
import { adminTestContext } from '#tests/helpers/admin-session.ts';
import { activitiesOfType, daysAfter, insertSubscriber } from '#tests/helpers/factories.ts';

const ctx = adminTestContext({ seed: {} });

const at = daysAfter('2026-02-02T08:00:00Z');

let amani: NewsletterSubscription;
let berthe: NewsletterSubscription;
let gone: NewsletterSubscription;
let formula: NewsletterSubscription;

beforeAll(async () => {
  const db = ctx.database.db;
  amani = await insertSubscriber(db, {
    email: 'amani@exemple.cd',
    firstName: 'Amani',
    lastName: 'Kasongo',
    status: 'active',
    tags: ['digital'],
    subscribedAt: at(0),
    consentAt: at(0),
    createdAt: at(0),
    trafficSource: 'Facebook',
  });
  berthe = await insertSubscriber(db, {
    email: 'berthe_m@exemple.cd',
    firstName: 'Berthe',
    lastName: 'Mujinga',
    tags: ['branding', 'digital'],
    createdAt: at(1),
  });
  gone = await insertSubscriber(db, {
    email: 'parti@exemple.cd',
    status: 'unsubscribed',
    isActive: false,
    createdAt: at(2),
  });
  formula = await insertSubscriber(db, {
    email: 'formule@exemple.cd',
    firstName: '=1+1',
    lastName: '-2',
    status: 'active',
    createdAt: at(3),
  });
  await insertSubscriber(db, { email: 'bernard@bxmujinga.cd', status: 'bounced', createdAt: at(4) });
});

type ListBody = { items: { email: string }[]; total: number; tags: string[] };
const list = async (query: string) =>
  (await ctx.admin.get(`/api/admin/newsletter?${query}`).expect(200)).body as ListBody;
const emails = (body: ListBody) => body.items.map((s) => s.email);
const rowOf = async (email: string) =>
  (
    await ctx.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
  )[0];
const outboxTo = (addresses: string[]) =>
  ctx.database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
const importCsv = (csv: string, query = '') =>
  ctx.admin.post(`/api/admin/newsletter/import${query}`).set('Content-Type', 'text/csv').send(csv);

describe('GET /api/admin/newsletter', () => {
  it('lists the newest first with the total and every tag in use', async () => {
    const body = await list('pageSize=2');
    expect(body.total).toBe(5);
    expect(emails(body)).toEqual(['bernard@bxmujinga.cd', 'formule@exemple.cd']);
    expect(body.tags).toEqual(['branding', 'digital']);
    const page = await ctx.admin.get('/api/admin/newsletter?q=amani').expect(200);
    expect(page.body.items).toEqual([
      expect.objectContaining({
        id: amani.id,
        email: 'amani@exemple.cd',
        firstName: 'Amani',
        lastName: 'Kasongo',
        status: 'active',
        tags: ['digital'],
        subscribedAt: at(0).toISOString(),
      }),
    ]);
  });

  it('filters by status and tag and searches email and names, whatever the case', async () => {
    expect(emails(await list('status=active&order=asc'))).toEqual(['amani@exemple.cd', 'formule@exemple.cd']);
    expect((await list('status=active')).total).toBe(2);
    expect(emails(await list('tag=branding'))).toEqual([berthe.email]);
    expect(emails(await list('tag=BRANDING'))).toEqual([berthe.email]);
    expect(emails(await list('tag=digital&status=pending'))).toEqual([berthe.email]);
    expect(emails(await list('q=KASONGO'))).toEqual([amani.email]);
    expect(emails(await list('q=berthe%20mujinga'))).toEqual([berthe.email]);
    expect(emails(await list('sort=email&order=asc&q=mujinga'))).toEqual([
      'bernard@bxmujinga.cd',
      berthe.email,
    ]);
    expect(emails(await list('sort=email&order=desc&q=mujinga'))).toEqual([
      berthe.email,
      'bernard@bxmujinga.cd',
    ]);
  });

  it('takes _ and % in the search literally', async () => {
    // As LIKE wildcards, "_" and "%" would match every subscriber.
    expect(emails(await list('q=_'))).toEqual([berthe.email]);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('refuses an unknown status or sort with French messages', async () => {
    const res = await ctx.admin.get('/api/admin/newsletter?status=vip&sort=consentIp').expect(400);
    expect(res.body.error.fields).toEqual({ status: 'Statut invalide', sort: 'Tri invalide' });
  });
});

describe('PATCH /api/admin/newsletter/:id', () => {
  it('replaces the tags (lower-cased, without duplicates) and the names, and logs it', async () => {
    const res = await ctx.admin
      .patch(`/api/admin/newsletter/${berthe.id}`)
      .send({ tags: [' Événements ', 'evenements', 'événements', 'VIP'], lastName: 'Mujinga-Tshala' })
      .expect(200);
    expect(res.body.subscriber).toMatchObject({
      id: berthe.id,
      tags: ['événements', 'evenements', 'vip'],
      firstName: 'Berthe',
      lastName: 'Mujinga-Tshala',
      status: 'pending',
    });
    expect((await rowOf(berthe.email))?.tags).toEqual(['événements', 'evenements', 'vip']);
    const [log] = await activitiesOfType(ctx.database.db, 'subscriber.updated');
    expect(log).toMatchObject({ userId: ctx.admin.user.id, title: `Abonné modifié : ${berthe.email}` });
  });

  it('refuses bad tags, unknown fields and unknown subscribers', async () => {
    const long = await ctx.admin
      .patch(`/api/admin/newsletter/${berthe.id}`)
      .send({ tags: ['ok', 'x'.repeat(51)] })
      .expect(400);
    expect(long.body.error.fields).toEqual({ 'tags.1': 'Étiquette trop longue (50 caractères au plus)' });
    await ctx.admin.patch(`/api/admin/newsletter/${berthe.id}`).send({ status: 'active' }).expect(400);
    expect((await rowOf(berthe.email))?.status).toBe('pending');
    await ctx.admin
      .patch('/api/admin/newsletter/5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60')
      .send({ tags: [] })
      .expect(404);
    await ctx.admin.patch('/api/admin/newsletter/nope').send({ tags: [] }).expect(400);
  });
});

describe('GET /api/admin/newsletter/export.csv', () => {
  it('downloads the filtered subscribers as a spreadsheet-safe UTF-8 CSV', async () => {
    const res = await ctx.admin.get('/api/admin/newsletter/export.csv?status=active').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="abonnes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Email,Prénom,Nom,Statut,Étiquettes,Origine,Consentement le,Inscrit le,Créé le,Source',
    );
    expect(lines.slice(1)).toEqual([
      `${formula.email},'=1+1,'-2,Actif,,Site web,,,2026-02-05 09:00,`,
      'amani@exemple.cd,Amani,Kasongo,Actif,digital,Site web,2026-02-02 09:00,2026-02-02 09:00,2026-02-02 09:00,Facebook',
    ]);
    const [log] = await activitiesOfType(ctx.database.db, 'subscribers.exported');
    expect(log).toMatchObject({ title: 'Export CSV des abonnés (2)', userId: ctx.admin.user.id });
  });
});

describe('POST /api/admin/newsletter/import', () => {
  it('stores new addresses as pending with one confirmation email each, never reactivating anyone', async () => {
    const csv = [
      'Email;Prénom;Nom',
      'Nouvelle.Une@Exemple.cd;Nadine;Ilunga',
      'nouveau.deux@exemple.cd;;',
      'amani@exemple.cd;Autre;Nom',
      'PARTI@exemple.cd;;',
      'pas-une-adresse;X;Y',
      'nouveau.deux@exemple.cd;Doublon;',
      'controle@exemple.cd;"Jean\r\nPierre";Mbuyi',
      'nouveau.trois@exemple.cd;Trois;',
    ].join('\r\n');
    const res = await importCsv(csv, '?tags=Salon 2026,clients').expect(200);
    expect(res.body).toEqual({
      created: 3,
      existing: 2,
      invalid: [
        { line: 6, value: 'pas-une-adresse', message: 'Adresse email invalide.' },
        {
          line: 7,
          value: 'nouveau.deux@exemple.cd',
          message: 'Adresse déjà présente plus haut dans le fichier.',
        },
        {
          line: 8,
          value: 'controle@exemple.cd',
          message: 'Prénom ou nom invalide (retour à la ligne ou caractère de contrôle).',
        },
      ],
    });

    const une = await rowOf('nouvelle.une@exemple.cd');
    expect(une).toMatchObject({
      status: 'pending',
      source: 'import',
      firstName: 'Nadine',
      lastName: 'Ilunga',
      tags: ['salon 2026', 'clients'],
      consentAt: null,
      subscribedAt: null,
    });
    expect((await rowOf('nouveau.deux@exemple.cd'))?.status).toBe('pending');
    expect(await rowOf('nouveau.trois@exemple.cd')).toMatchObject({ status: 'pending', firstName: 'Trois' });
    expect(await rowOf('controle@exemple.cd')).toBeUndefined();

    const mails = await outboxTo([
      'nouvelle.une@exemple.cd',
      'nouveau.deux@exemple.cd',
      amani.email,
      gone.email,
    ]);
    expect(mails.map((m) => [m.toAddress, m.templateKey]).sort()).toEqual([
      ['nouveau.deux@exemple.cd', 'newsletter_confirmation'],
      ['nouvelle.une@exemple.cd', 'newsletter_confirmation'],
    ]);

    // Known addresses only gain the tags: the unsubscribed one stays unsubscribed.
    expect(await rowOf(amani.email)).toMatchObject({
      status: 'active',
      firstName: 'Amani',
      lastName: 'Kasongo',
      tags: ['clients', 'digital', 'salon 2026'],
    });
    expect(await rowOf(gone.email)).toMatchObject({ status: 'unsubscribed', isActive: false });
    expect((await rowOf(gone.email))?.tags).toEqual(['clients', 'salon 2026']);

    const [log] = await activitiesOfType(ctx.database.db, 'subscribers.imported');
    expect(log).toMatchObject({
      userId: ctx.admin.user.id,
      title: 'Import d’abonnés : 3 nouveaux, 2 déjà connus',
    });
  });

  it('lets an imported person confirm through the link of their email', async () => {
    const [mail] = await outboxTo(['nouvelle.une@exemple.cd']);
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    await request(ctx.testApp.app).post('/api/newsletter/confirm').send({ token }).expect(200);
    expect((await rowOf('nouvelle.une@exemple.cd'))?.status).toBe('active');
  });

  it('makes addresses active at once when the admin declares their consent, without any email', async () => {
    const res = await importCsv(
      'courriel\nsalon.un@exemple.cd\nsalon.deux@exemple.cd\n',
      '?consented=true',
    ).expect(200);
    expect(res.body).toEqual({ created: 2, existing: 0, invalid: [] });
    const row = await rowOf('salon.un@exemple.cd');
    expect(row).toMatchObject({ status: 'active', source: 'import', isActive: true });
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.subscribedAt).toBeInstanceOf(Date);
    expect(row?.consentText).toContain(`déclaré par l’administrateur ${ctx.admin.user.email}`);
    expect(await outboxTo(['salon.un@exemple.cd', 'salon.deux@exemple.cd'])).toEqual([]);
  });

  it('reads a bare list of addresses without a header', async () => {
    const res = await importCsv('\uFEFFliste.un@exemple.cd\r\n\r\nliste deux\r\n').expect(200);
    expect(res.body).toEqual({
      created: 1,
      existing: 0,
      invalid: [{ line: 3, value: 'liste deux', message: 'Adresse email invalide.' }],
    });
    expect((await rowOf('liste.un@exemple.cd'))?.status).toBe('pending');
  });

  it('refuses a file without an email column, an empty file, too many rows and a wrong type', async () => {
    const noColumn = await importCsv('nom,prénom\nKabila,Marie\n').expect(400);
    expect(noColumn.body.error.message).toBe('Aucune colonne « email » dans la première ligne du fichier.');
    await importCsv('').expect(400);
    const rows = ['email', ...Array.from({ length: 5001 }, (_, i) => `masse${i}@exemple.cd`)].join('\n');
    const tooMany = await importCsv(rows).expect(400);
    expect(tooMany.body.error.message).toMatch(
      /^Le fichier contient 5\s001 lignes\s: 5\s000 au plus par import/,
    );
    expect(await rowOf('masse0@exemple.cd')).toBeUndefined();
    const json = await ctx.admin.post('/api/admin/newsletter/import').send({ email: 'a@b.cd' }).expect(415);
    expect(json.body.error.message).toContain('CSV');
    const badTag = await importCsv('email\nx@exemple.cd\n', `?tags=ok,${'t'.repeat(51)}`).expect(400);
    expect(badTag.body.error.fields).toEqual({ 'tags.1': 'Étiquette trop longue (50 caractères au plus)' });
    expect(await rowOf('x@exemple.cd')).toBeUndefined();
    const badFlag = await importCsv('email\nx@exemple.cd\n', '?consented=oui').expect(400);
    expect(badFlag.body.error.fields).toEqual({ consented: 'Valeur invalide' });
  });

  it('caps the confirmation emails of one import, but not the addresses with declared consent', async () => {
    const rows = ['email', ...Array.from({ length: 501 }, (_, i) => `lot${i}@exemple.cd`)].join('\n');
    const refused = await importCsv(rows).expect(400);
    expect(refused.body.error.message).toMatch(
      /^Ce fichier demanderait 501 emails de confirmation\s: 500 au plus/,
    );
    expect(await rowOf('lot0@exemple.cd')).toBeUndefined();
    expect(await outboxTo(['lot0@exemple.cd'])).toEqual([]);

    const accepted = await importCsv(rows, '?consented=true&tags=lot').expect(200);
    expect(accepted.body).toEqual({ created: 501, existing: 0, invalid: [] });
    expect(await rowOf('lot500@exemple.cd')).toMatchObject({ status: 'active', tags: ['lot'] });
  });

  it('answers 413 with a French message beyond 2 MB', async () => {
    const big = `email\n${'a'.repeat(2 * 1024 * 1024 + 10)}@exemple.cd\n`;
    const res = await importCsv(big).expect(413);
    expect(res.body.error.message).toBe(
      'Le fichier est trop volumineux (2 Mo au plus). Découpez-le en plusieurs fichiers.',
    );
  });
});

describe('a subscriber’s data: export and erasure', () => {
  it('downloads one subscriber’s data as a JSON attachment and logs it', async () => {
    const res = await ctx.admin.get(`/api/admin/newsletter/${amani.id}/export`).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="abonne-[\d-]+\.json"$/);
    expect(res.body).toMatchObject({ email: amani.email, firstName: 'Amani', status: 'active' });
    expect(res.body.consent).toMatchObject({ consentAt: at(0).toISOString() });
    await ctx.admin.get('/api/admin/newsletter/5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60/export').expect(404);
  });

  it('erases a subscriber with their emails and any log line naming them', async () => {
    const target = await rowOf('nouveau.deux@exemple.cd');
    if (!target) throw new Error('missing');
    await ctx.admin
      .patch(`/api/admin/newsletter/${target.id}`)
      .send({ tags: ['a-effacer'] })
      .expect(200);
    expect(await outboxTo([target.email])).toHaveLength(1);

    await ctx.admin.delete(`/api/admin/newsletter/${target.id}`).expect(204);
    expect(await rowOf(target.email)).toBeUndefined();
    expect(await outboxTo([target.email])).toEqual([]);
    const logs = await ctx.database.db.select().from(activityLogs);
    expect(logs.filter((l) => `${l.title} ${l.description}`.includes(target.email))).toEqual([]);
    expect(logs.filter((l) => l.type === 'subscriber.erased')).toEqual([
      expect.objectContaining({ userId: ctx.admin.user.id, title: 'Abonné effacé (droit à l’effacement)' }),
    ]);

    await ctx.admin.delete(`/api/admin/newsletter/${target.id}`).expect(404);
    await ctx.admin.delete('/api/admin/newsletter/abc').expect(400);
  });
});
