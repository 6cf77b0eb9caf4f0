/**
 * Path traversal on uploads (decision 022): whatever name a client gives the file, the server
 * stores it under a name it generates, inside MEDIA_DIR, and /media serves only such names.
 * The format checks themselves are in server/api/admin/media.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FILE_NAME_PATTERN } from '#common/schemas/media.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { type AdminSession, signInAdmin } from '../helpers/admin-session.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
let sandbox: string;
let mediaDir: string;

beforeAll(async () => {
  // MEDIA_DIR sits alone in a sandbox: anything written next to it or above it is a traversal.
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-uploads-'));
  mediaDir = path.join(sandbox, 'deep', 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  database = await createTestDatabase();
  testApp = createTestApp(database, { MEDIA_DIR: mediaDir });
  admin = await signInAdmin(testApp.app, database.db);
});
afterAll(async () => {
  await database?.close();
  if (sandbox) fs.rmSync(sandbox, { recursive: true, force: true });
});

const HOSTILE_NAMES = [
  '../../etc/passwd.png',
  '../../../../../../tmp/evil.png',
  '..%2f..%2fevil.png',
  '..\\..\\evil.png',
  '/etc/passwd.png',
  'C:\\Windows\\evil.png',
  'evil.png\u0000.webp',
  '....//....//evil.png',
  '<script>alert(1)</script>.png',
  '.htaccess',
  `${'a'.repeat(300)}.png`,
];

function allFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name));
}

describe('uploads never follow the client’s file name', () => {
  it('stores every upload under a generated name inside MEDIA_DIR, whatever the file name says', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e78c8' } })
      .png()
      .toBuffer();
    for (const filename of HOSTILE_NAMES) {
      const res = await admin
        .post('/api/admin/media')
        .attach('file', png, { filename, contentType: 'image/png' });
      expect([201, 400], `${filename} → ${res.status}`).toContain(res.status);
      if (res.status === 400) {
        expect(res.body.error.message).toMatch(/[a-zé]{3,}/i);
        continue;
      }
      // Every URL is a generated name; the original name is kept as a label only, without any path.
      const media = res.body.media as {
        url: string;
        variants: Record<string, string>;
        originalName: string | null;
      };
      for (const url of [media.url, ...Object.values(media.variants)]) {
        expect(url.replace(/^\/media\//, ''), filename).toMatch(MEDIA_FILE_NAME_PATTERN);
      }
      expect(media.originalName ?? '', filename).not.toMatch(/[\\/]/);
      expect(media.originalName ?? '').not.toContain('\u0000');
    }
    // Nothing outside MEDIA_DIR; inside it, only generated names.
    const outside = allFiles(sandbox).filter((file) => !file.startsWith(mediaDir));
    expect(outside.map((f) => path.relative(sandbox, f))).toEqual(['deep']);
    const stored = fs.readdirSync(mediaDir);
    expect(stored.length).toBeGreaterThan(0);
    for (const name of stored) expect(name).toMatch(MEDIA_FILE_NAME_PATTERN);
    expect(fs.existsSync(path.join(os.tmpdir(), 'evil.png'))).toBe(false);
  });

  it('serves only generated names under /media: traversal attempts are 404', async () => {
    fs.writeFileSync(path.join(sandbox, 'deep', 'secret.txt'), 'secret');
    for (const url of [
      '/media/../secret.txt',
      '/media/..%2fsecret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/%2e%2e%2fsecret.txt',
      '/media/..%5csecret.txt',
      '/media/....//secret.txt',
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
      '/media/secret.txt%00.webp',
      '/media/../../../../etc/passwd',
    ]) {
      const res = await request(testApp.app).get(url);
      expect(`${url} → ${res.status}`).toBe(`${url} → 404`);
      expect(res.text).not.toContain('secret');
      expect(res.text).not.toContain('root:');
    }
  });
});
