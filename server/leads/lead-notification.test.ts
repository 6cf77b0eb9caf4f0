import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';

const ctx = mailingAppContext({ env: { PUBLIC_URL: 'https://www.lisanga-digital.cd' } });

describe('a new lead reaches the agency by email', () => {
  it('delivers the notification through SMTP with the lead details, the visitor as Reply-To', async () => {
    const res = await request(ctx.testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', '10.20.0.1')
      .send({
        source: 'quote_request',
        fullName: 'Bijou <b>Kasongo</b>',
        email: 'bijou@example.cd',
        phone: '+243 99 123 4567',
        company: 'Kasongo & Fils',
        serviceType: 'Branding',
        details: {
          projectDescription: 'Refaire toute notre identité visuelle avant Noël.',
          budget: '> $110,000',
          timeline: 'Urgent (< 1 mois)',
        },
        elapsedMs: 12_000,
      })
      .expect(201);

    expect(await ctx.testApp.deps.email.worker.runOnce()).toMatchObject({ sent: 1 });
    const mail = await ctx.smtp.requireEmail('leads@lisanga-digital.cd');
    expect(mail.subject).toContain('Bijou <b>Kasongo</b>');
    expect(mail.replyTo).toContain('bijou@example.cd');
    expect(mail.text).toContain('+243991234567');
    expect(mail.text).toContain('Kasongo & Fils');
    expect(mail.text).toContain('> $110,000');
    expect(mail.text).toContain('Refaire toute notre identité visuelle avant Noël.');
    expect(mail.text).toContain(`https://www.lisanga-digital.cd/admin/contacts?lead=${res.body.id}`);
    expect(mail.text).toMatch(/Refaire toute notre identité visuelle avant Noël\.\s*\n\s*\n?\s*Source\s:/);
    // The visitor's text is escaped in the HTML part: it cannot inject markup into staff's mailbox.
    expect(mail.html).toContain('Bijou &lt;b&gt;Kasongo&lt;');
    expect(mail.html).not.toContain('<b>Kasongo</b>');

    // Sent once: another pass finds nothing to send.
    expect(await ctx.testApp.deps.email.worker.runOnce()).toMatchObject({ sent: 0 });
    expect(ctx.smtp.messages()).toHaveLength(1);
  });
});

describe('what brought the lead', () => {
  it('is in the staff’s email beside the form, as the lead’s panel says it', async () => {
    const before = ctx.smtp.messages().length;
    await request(ctx.testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', '10.20.0.2')
      .send({
        source: 'call_request',
        fullName: 'Grâce Mwamba',
        email: 'grace@example.cd',
        serviceType: 'Branding',
        details: { callType: 'Découverte générale', preferredTime: 'Flexible', urgency: 'Sous 15 jours' },
        visit: {
          landingPath: '/services',
          utmSource: 'facebook',
          utmCampaign: 'lancement',
          pages: ['/services', '/blog', '/contact'],
          pagesSeen: 3,
        },
        elapsedMs: 9_000,
      })
      .expect(201);
    await ctx.testApp.deps.email.worker.runOnce();
    const mail = ctx.smtp
      .messages()
      .slice(before)
      .find((m) => m.subject?.includes('Grâce Mwamba') && m.envelope.to.includes('leads@lisanga-digital.cd'));
    const origin = 'Arrivé(e) par Facebook · campagne « lancement » · sur /services · 3 pages vues';
    expect(mail?.text?.replace(/\s+/g, ' ')).toContain(origin);
    expect(mail?.html?.replace(/\s+|&nbsp;|&#160;/g, ' ').replaceAll('&#x2F;', '/')).toContain(origin);
  });
});

describe('a broken notification template', () => {
  it('never costs a lead: the lead is stored and a plain notification is sent instead', async () => {
    const { emailTemplates } = await import('#db/schema.ts');
    const { eq } = await import('drizzle-orm');
    // Gone altogether (deleted in the admin, a failed migration...): rendering cannot succeed.
    await ctx.database.db.delete(emailTemplates).where(eq(emailTemplates.key, 'lead_notification'));
    const res = await request(ctx.testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', '10.20.0.2')
      .send({
        source: 'call_request',
        fullName: 'Christelle Kabongo',
        email: 'christelle@example.cd',
        serviceType: 'Conseil général',
        details: {
          callType: 'Découverte générale',
          preferredTime: 'Flexible',
          urgency: 'Pas urgent',
          message: 'Ligne 1\nLigne 2',
        },
        elapsedMs: 8_000,
      })
      .expect(201);
    await ctx.testApp.deps.email.worker.runOnce();
    const mail = await ctx.smtp.requireEmail('leads@lisanga-digital.cd');
    const last = ctx.smtp.messages().at(-1) ?? mail;
    expect(last.subject).toBe('Nouveau contact : Christelle Kabongo');
    expect(last.html).toContain('<pre');
    expect(last.text).toContain('Ligne 1\nLigne 2');
    expect(last.text).toContain(res.body.id);
  });
});
