import { desc, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AdminSetting, AdminStat } from '#common/schemas/settings-admin.ts';
import { activityLogs, companyStats, siteSettings } from '#db/schema.ts';
import { adminTestContext } from '#tests/helpers/admin-session.ts';

const ctx = adminTestContext({ seed: { content: true, compile: false } });

const UNKNOWN_ID = '5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60';

/** PUT with the session (filled in before the tests run). */
const put = (path: string) => ctx.admin.put(path);

const settingValue = async (key: string) =>
  (await ctx.database.db.select().from(siteSettings).where(eq(siteSettings.key, key)))[0]?.value;

const logsOfType = (type: string) =>
  ctx.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.type, type))
    .orderBy(desc(activityLogs.createdAt));

describe('the guard', () => {
  it('answers 401 without a session, and 403 to a write from a foreign origin', async () => {
    const anonymous = await request(ctx.testApp.app).get('/api/admin/settings').expect(401);
    expect(anonymous.body.error.message).toBe('Authentification requise.');
    await request(ctx.testApp.app).get('/api/admin/settings/stats').expect(401);
    await request(ctx.testApp.app)
      .patch('/api/admin/settings')
      .set('Origin', 'http://localhost:3000')
      .set('X-Requested-With', 'fetch')
      .send({ 'contact.phone': '+243 81 000 0000' })
      .expect(401);

    const foreign = await ctx.admin
      .patch('/api/admin/settings')
      .set('Origin', 'https://evil.example')
      .send({ 'contact.phone': '+243 99 000 0000' });
    expect(foreign.status).toBe(403);
    const foreignStat = await ctx.admin
      .post('/api/admin/settings/stats')
      .set('Origin', 'https://evil.example')
      .send({ name: 'Piège', value: 1 });
    expect(foreignStat.status).toBe(403);
    expect(await settingValue('contact.phone')).toBe('+243 81 234 5678');
    expect(await ctx.database.db.select().from(companyStats).where(eq(companyStats.name, 'Piège'))).toEqual(
      [],
    );
  });
});

describe('site settings', () => {
  it('lists every category, the private ones included', async () => {
    const res = await ctx.admin.get('/api/admin/settings').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const settings = res.body.settings as AdminSetting[];
    const categories = new Set(settings.map((s) => s.category));
    expect([...categories].sort()).toEqual([
      'booking',
      'contact',
      'email',
      'seo',
      'site',
      'social',
      'system',
    ]);
    expect(settings.find((s) => s.key === 'email.sender_email')).toMatchObject({
      value: 'newsletter@lisanga-digital.cd',
      category: 'email',
      description: expect.stringContaining('Adresse d’expédition'),
    });
  });

  it('saves contact details, normalised, and the public site shows them at the next request', async () => {
    const res = await ctx.admin
      .patch('/api/admin/settings')
      .send({
        'contact.phone': '+243 99 123 4567',
        'contact.whatsapp': '+243 99 123 4567',
        'contact.address': '  12 avenue Kasa-Vubu, Kinshasa  ',
        'contact.email': 'Bonjour@Lisanga-Digital.cd',
      })
      .expect(200);
    const byKey = new Map((res.body.settings as AdminSetting[]).map((s) => [s.key, s.value]));
    expect(byKey.get('contact.phone')).toBe('+243 99 123 4567');
    expect(byKey.get('contact.whatsapp')).toBe('243991234567');
    expect(byKey.get('contact.address')).toBe('12 avenue Kasa-Vubu, Kinshasa');
    expect(byKey.get('contact.email')).toBe('bonjour@lisanga-digital.cd');

    const publicSettings = await request(ctx.testApp.app).get('/api/settings/public').expect(200);
    expect(publicSettings.body).toMatchObject({
      'contact.phone': '+243 99 123 4567',
      'contact.whatsapp': '243991234567',
      'contact.address': '12 avenue Kasa-Vubu, Kinshasa',
    });
    const site = await ctx.testApp.deps.content.getSiteInfo();
    expect(site.contact).toMatchObject({
      phone: '+243 99 123 4567',
      whatsapp: '243991234567',
      email: 'bonjour@lisanga-digital.cd',
    });

    const [log] = await logsOfType('setting.updated');
    expect(log).toMatchObject({
      userId: ctx.admin.user.id,
      title: 'Paramètres modifiés (4) : Téléphone, Numéro WhatsApp, Adresse, Email public',
    });
    expect(log?.description).toContain(
      'Téléphone (contact.phone) : « +243 81 234 5678 » → « +243 99 123 4567 »',
    );
  });

  it('keeps private categories private, even once edited', async () => {
    await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'email.sender_name': 'Équipe Lisanga', 'email.notification_to': 'ventes@lisanga-digital.cd' })
      .expect(200);
    expect(await settingValue('email.sender_name')).toBe('Équipe Lisanga');
    const publicSettings = await request(ctx.testApp.app).get('/api/settings/public').expect(200);
    const keys = Object.keys(publicSettings.body);
    expect(keys).toContain('site.name');
    expect(keys.filter((k) => k.startsWith('email.') || k.startsWith('system.'))).toEqual([]);
    expect(JSON.stringify(publicSettings.body)).not.toContain('ventes@lisanga-digital.cd');
  });

  it('refuses wrong values per field in French and writes nothing of the batch', async () => {
    const before = await settingValue('site.name');
    const res = await ctx.admin
      .patch('/api/admin/settings')
      .send({
        'site.name': 'Nouveau nom',
        'contact.phone': '12',
        'contact.whatsapp': 'pas un numéro',
        'contact.email': 'pas-une-adresse',
        'social.instagram': 'http://www.instagram.com/lisanga',
        'social.facebook': 'javascript:alert(1)',
        'social.tiktok': '',
        'seo.default_title': '   ',
        'email.sender_name': 'Ligne 1\r\nBcc: victime@exemple.cd',
      })
      .expect(400);
    expect(res.body.error.fields).toEqual({
      'contact.phone':
        'Numéro de téléphone invalide : indiquez-le au format international, par ex. +243 812 345 678.',
      'contact.whatsapp':
        'Numéro de téléphone invalide : indiquez-le au format international, par ex. +243 812 345 678.',
      'contact.email': 'Email invalide',
      'social.instagram': 'Adresse invalide : elle doit commencer par https://',
      'social.facebook': 'Adresse invalide : elle doit commencer par https://',
      'social.tiktok': 'Ce champ est obligatoire.',
      'seo.default_title': 'Ce champ est obligatoire.',
      'email.sender_name': 'Ce champ ne peut pas contenir de retour à la ligne.',
    });
    expect(await settingValue('site.name')).toBe(before);
  });

  it('takes the agency’s X account as a profile address, or none', async () => {
    expect(await settingValue('social.x')).toBe('https://x.com/lisangadigital');
    const wrong = await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'social.x': 'https://exemple.cd/lisanga' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      'social.x':
        'Adresse invalide\u00a0: indiquez celle du profil, par exemple https://x.com/lisangadigital',
    });
    await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'social.x': 'https://twitter.com/agence_kin' })
      .expect(200);
    expect(await settingValue('social.x')).toBe('https://twitter.com/agence_kin');
    await ctx.admin.patch('/api/admin/settings').send({ 'social.x': '' }).expect(200);
    expect(await settingValue('social.x')).toBe('');
  });

  it('refuses an unknown key, and an empty body', async () => {
    const unknown = await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'site.name': 'Autre nom', 'site.inexistant': 'x' })
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ 'site.inexistant': 'Paramètre inconnu.' });
    expect(await settingValue('site.name')).toBe('Lisanga Digital');
    const empty = await ctx.admin.patch('/api/admin/settings').send({}).expect(400);
    expect(empty.body.error.fields).toEqual({ _: 'Aucun paramètre à enregistrer.' });
  });

  it('gives a phone number typed locally its country code, and keeps an international one as typed', async () => {
    const res = await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'contact.phone': '0812345678' })
      .expect(200);
    expect((res.body.settings as AdminSetting[]).find((s) => s.key === 'contact.phone')?.value).toBe(
      '+243 812 345 678',
    );
    await ctx.admin.patch('/api/admin/settings').send({ 'contact.phone': '+243 81 234 5678' }).expect(200);
    expect(await settingValue('contact.phone')).toBe('+243 81 234 5678');
  });

  it('accepts an emptied optional link and logs nothing when nothing changes', async () => {
    await ctx.admin.patch('/api/admin/settings').send({ 'social.linkedin': '' }).expect(200);
    expect(await settingValue('social.linkedin')).toBe('');
    const count = (await logsOfType('setting.updated')).length;
    await ctx.admin.patch('/api/admin/settings').send({ 'social.linkedin': '' }).expect(200);
    expect(await logsOfType('setting.updated')).toHaveLength(count);
  });
});

describe('company figures', () => {
  const publicStats = async () =>
    (await request(ctx.testApp.app).get('/api/stats').expect(200)).body as {
      name: string;
      value: number;
      unit: string;
    }[];

  it('lists the seeded figures in their order', async () => {
    const res = await ctx.admin.get('/api/admin/settings/stats').expect(200);
    expect((res.body.stats as AdminStat[]).map((s) => `${s.name} ${s.value}${s.unit}`)).toEqual([
      'Entreprises accompagnées 7+',
      'Projets réalisés 15+',
      'ROI moyen 120%',
    ]);
  });

  it('edits a figure: the home claim changes at the next request, and the change is logged', async () => {
    const stats = (await ctx.admin.get('/api/admin/settings/stats').expect(200)).body.stats as AdminStat[];
    const projects = stats.find((s) => s.name === 'Projets réalisés') as AdminStat;
    const res = await ctx.admin
      .patch(`/api/admin/settings/stats/${projects.id}`)
      .send({ value: 42 })
      .expect(200);
    expect(res.body.stat).toMatchObject({ id: projects.id, value: 42, unit: '+' });
    expect(await publicStats()).toContainEqual(
      expect.objectContaining({ name: 'Projets réalisés', value: 42 }),
    );
    expect((await ctx.testApp.deps.content.listStats()).map((s) => `${s.value}${s.unit}`)).toEqual([
      '7+',
      '42+',
      '120%',
    ]);
    const [log] = await logsOfType('stat.updated');
    expect(log).toMatchObject({
      userId: ctx.admin.user.id,
      title: 'Chiffre clé modifié : Projets réalisés (42+)',
      description: 'Valeur : 15+ → 42+',
    });
  });

  it('creates a figure last, hides it, reorders and deletes it', async () => {
    const created = await ctx.admin
      .post('/api/admin/settings/stats')
      .send({ name: 'Clients fidèles', value: '95', unit: '%', description: 'Clients qui reviennent.' })
      .expect(201);
    const stat = created.body.stat as AdminStat;
    expect(stat).toMatchObject({ name: 'Clients fidèles', value: 95, unit: '%', order: 3, isActive: true });
    expect((await publicStats()).map((s) => s.name)).toContain('Clients fidèles');

    await ctx.admin.patch(`/api/admin/settings/stats/${stat.id}`).send({ isActive: false }).expect(200);
    expect((await publicStats()).map((s) => s.name)).not.toContain('Clients fidèles');

    const all = (await ctx.admin.get('/api/admin/settings/stats').expect(200)).body.stats as AdminStat[];
    const ids = all.map((s) => s.id);
    const reordered = [stat.id, ...ids.filter((id) => id !== stat.id)];
    const res = await put('/api/admin/settings/stats/order').send({ ids: reordered }).expect(200);
    expect((res.body.stats as AdminStat[]).map((s) => s.id)).toEqual(reordered);
    expect((res.body.stats as AdminStat[]).map((s) => s.order)).toEqual([0, 1, 2, 3]);
    await ctx.admin.patch(`/api/admin/settings/stats/${stat.id}`).send({ isActive: true }).expect(200);
    expect((await publicStats())[0]?.name).toBe('Clients fidèles');

    await ctx.admin.delete(`/api/admin/settings/stats/${stat.id}`).expect(204);
    expect((await publicStats()).map((s) => s.name)).not.toContain('Clients fidèles');
    await ctx.admin.delete(`/api/admin/settings/stats/${stat.id}`).expect(404);

    const logs = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(like(activityLogs.type, 'stat.%'))
      .orderBy(desc(activityLogs.createdAt));
    const titles = logs.map((l) => l.title);
    expect(titles).toContain('Chiffre clé ajouté : Clients fidèles (95%)');
    expect(titles).toContain('Chiffres clés réordonnés');
    expect(titles).toContain('Chiffre clé supprimé : Clients fidèles (95%)');
    expect(logs.every((l) => l.userId === ctx.admin.user.id)).toBe(true);
  });

  it('refuses invalid figures in French, unknown fields, unknown and malformed ids', async () => {
    const bad = await ctx.admin
      .post('/api/admin/settings/stats')
      .send({ name: '', value: -3, order: -1, unit: 'pourcentage!!' })
      .expect(400);
    expect(bad.body.error.fields).toEqual({
      name: 'Ce champ est obligatoire.',
      value: 'La valeur ne peut pas être négative',
      order: 'L’ordre ne peut pas être négatif',
      unit: 'Ce champ est trop long (10 caractères au plus).',
    });
    const notNumber = await ctx.admin
      .post('/api/admin/settings/stats')
      .send({ name: 'X', value: 'beaucoup' })
      .expect(400);
    expect(notNumber.body.error.fields).toEqual({ value: 'La valeur doit être un nombre.' });
    const extra = await ctx.admin
      .post('/api/admin/settings/stats')
      .send({ name: 'X', value: 1, id: UNKNOWN_ID })
      .expect(400);
    expect(extra.body.error.fields).toEqual({ _: 'Champ non autorisé : id.' });

    const missing = await ctx.admin
      .patch(`/api/admin/settings/stats/${UNKNOWN_ID}`)
      .send({ value: 1 })
      .expect(404);
    expect(missing.body.error.message).toBe('Chiffre clé introuvable.');
    const malformed = await ctx.admin
      .patch('/api/admin/settings/stats/pas-un-id')
      .send({ value: 1 })
      .expect(400);
    expect(malformed.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
    await ctx.admin.delete(`/api/admin/settings/stats/${UNKNOWN_ID}`).expect(404);

    const partialOrder = await put('/api/admin/settings/stats/order')
      .send({ ids: [UNKNOWN_ID] })
      .expect(400);
    expect(partialOrder.body.error.fields).toEqual({
      ids: 'L’ordre doit citer chaque chiffre clé une fois.',
    });
  });
});
