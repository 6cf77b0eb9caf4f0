/**
 * `node scripts/fix-typography.ts`: writes the French no-break spaces (before ! ? : ; and inside
 * « ») into every visible string of app/, common/ and server/ (tests/source/typography.test.ts checks them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fixTypography, visibleSourceFiles } from './lib/typography-scan.ts';

const root = path.resolve(import.meta.dirname, '..');
let changed = 0;
for (const file of visibleSourceFiles(root)) {
  const source = fs.readFileSync(file, 'utf8');
  const fixed = fixTypography(source, file);
  if (fixed === source) continue;
  fs.writeFileSync(file, fixed);
  changed += 1;
  process.stdout.write(`fixed ${path.relative(root, file)}\n`);
}
process.stdout.write(`${changed} file(s) changed\n`);
