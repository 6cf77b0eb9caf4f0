import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { expectUnauthorized } from '#tests/helpers/admin-content.ts';
import { adminTestContext } from '#tests/helpers/admin-session.ts';
import { aBlogPostInput } from '#tests/helpers/request-factories.ts';
import { redactUrl } from '../logger.ts';
import { findPreviewPost, PREVIEW_LINK_TTL_MS, postIdOfPreviewToken, previewToken } from './preview.ts';

const ctx = adminTestContext();

describe('preview links of posts', () => {
  it('open one post, until they expire, and nothing once altered', async () => {
    const { db } = ctx.database;
    const postId = randomUUID();
    const now = new Date('2026-11-27T10:00:00Z');
    const { token, expiresAt } = await previewToken(db, postId, now);
    expect(expiresAt.getTime()).toBe(now.getTime() + PREVIEW_LINK_TTL_MS);
    expect(await postIdOfPreviewToken(db, token, now)).toBe(postId);
    expect(await postIdOfPreviewToken(db, token, new Date(expiresAt.getTime() - 1000))).toBe(postId);
    expect(await postIdOfPreviewToken(db, token, expiresAt)).toBeNull();

    const [, expires, mac] = token.split('.');
    const forged = [
      `${randomUUID()}.${expires}.${mac}`, // another post
      `${postId}.${Number(expires) + 86_400}.${mac}`, // a longer life
      `${postId}.${expires}.${mac?.slice(0, -2)}xx`, // a changed signature
      `${postId}.${expires}`,
      'nimporte-quoi',
    ];
    for (const attempt of forged) expect(await postIdOfPreviewToken(db, attempt, now)).toBeNull();
  });

  it('are made by an admin for an existing post; the link opens the draft, and the logs never show the token', async () => {
    await expectUnauthorized([request(ctx.testApp.app).post(`/api/admin/blog/${randomUUID()}/preview-link`)]);
    expect((await ctx.admin.post(`/api/admin/blog/${randomUUID()}/preview-link`)).status).toBe(404);

    const created = await ctx.admin
      .post('/api/admin/blog')
      .send(aBlogPostInput({ content: '## Pas encore en ligne' }));
    const { post } = created.body;
    const res = await ctx.admin.post(`/api/admin/blog/${post.id}/preview-link`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.link.url);
    expect(url.pathname).toBe('/apercu');
    const token = url.searchParams.get('token') ?? '';
    const found = await findPreviewPost(ctx.database.db, token);
    expect(found).toMatchObject({ isPublished: false, post: { id: post.id, title: post.title } });
    expect(found?.post.content).toBe('## Pas encore en ligne');
    expect(redactUrl(`${url.pathname}${url.search}`)).not.toContain(token.split('.')[2]);
  });
});
