/**
 * `node scripts/fix-typography.ts`: writes the French no-break spaces (before ! ? : ; and inside
 * « ») and the typographic apostrophe (’ for ' between letters) into every visible string of app/,
 * common/, server/ and the seeded emails (tests/source/typography.test.ts checks them).
 * `--apostrophes` only mends the apostrophes; paths after it name other files (the seed's content,
 * tests whose expected texts follow). Run `npx biome format --write` after it: a literal that
 * needed double quotes for its apostrophe may take single ones again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { curlApostrophes, fixTypography, visibleSourceFiles } from './lib/typography-scan.ts';

const root = path.resolve(import.meta.dirname, '..');
const [flag, ...paths] = process.argv.slice(2);
const onlyApostrophes = flag === '--apostrophes';
const files = paths.length > 0 ? paths.map((file) => path.resolve(file)) : visibleSourceFiles(root);
let changed = 0;
for (const file of files) {
  const source = fs.readFileSync(file, 'utf8');
  const fixed = onlyApostrophes ? curlApostrophes(source, file) : fixTypography(source, file);
  if (fixed === source) continue;
  fs.writeFileSync(file, fixed);
  changed += 1;
  process.stdout.write(`fixed ${path.relative(root, file)}\n`);
}
process.stdout.write(`${changed} file(s) changed\n`);
