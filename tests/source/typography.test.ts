import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchTypography, NBSP } from '#common/typography.ts';
import {
  curlyApostropheIssues,
  fixTypography,
  straightenApostrophes,
  typographyIssues,
  visibleSourceFiles,
} from '#scripts/lib/typography-scan.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('French typography', () => {
  it('puts a no-break space before ! ? : ; and inside « », keeping every letter in order', () => {
    expect(frenchTypography('Demande envoyée avec succès !')).toBe(`Demande envoyée avec succès${NBSP}!`);
    expect(frenchTypography('Une question ? Écrivez-nous : oui ; non')).toBe(
      `Une question${NBSP}? Écrivez-nous${NBSP}: oui${NBSP}; non`,
    );
    expect(frenchTypography('le lien « Se désinscrire »')).toBe(`le lien «${NBSP}Se désinscrire${NBSP}»`);
    expect(frenchTypography('Vérifiez votre email !').replaceAll(NBSP, ' ')).toBe('Vérifiez votre email !');
  });

  it('leaves text without a space before its punctuation alone (addresses, times)', () => {
    for (const text of ['https://exemple.cd/?page=2', 'Rendez-vous à 10:30', 'Déjà fait!']) {
      expect(frenchTypography(text)).toBe(text);
    }
  });

  it('reads only strings and JSX text, never code such as a ternary', () => {
    const source = `const a = ok ? 'Bienvenue !' : \`Au revoir \${name} !\`;\nconst b = <p>Une question ?</p>;\n`;
    expect(typographyIssues(source, 'x.tsx').map((issue) => issue.line)).toEqual([1, 1, 2]);
    const fixed = fixTypography(source, 'x.tsx');
    expect(fixed).toContain('ok ? ');
    expect(fixed).toContain(`'Bienvenue${NBSP}!' : `);
    expect(fixed).toContain(`\${name}${NBSP}!`);
    expect(typographyIssues(fixed, 'x.tsx')).toEqual([]);
  });

  it("writes the straight apostrophe (') of the specification: a curly one (’) in a string or JSX text is found, and mended into valid code", () => {
    const source = [
      "const a = 'L’envoi a échoué.';",
      "const b = 'Don\\'t \"quote\" l’image';",
      'const c = `heure d’` + city;',
      '// A comment’s apostrophe is nobody’s text.',
      'const d = <p title="Retirer l’image">C’est réservé</p>;',
      "const e = 'Déjà fait';",
    ].join('\n');
    expect(typographyIssues(source, 'x.tsx').map((issue) => issue.line)).toEqual([1, 2, 3, 5, 5]);
    const fixed = fixTypography(source, 'x.tsx');
    expect(fixed.split('\n')).toEqual([
      'const a = "L\'envoi a échoué.";',
      "const b = 'Don\\'t \"quote\" l\\'image';",
      "const c = `heure d'` + city;",
      '// A comment’s apostrophe is nobody’s text.',
      'const d = <p title="Retirer l\'image">C\'est réservé</p>;',
      "const e = 'Déjà fait';",
    ]);
    expect(typographyIssues(fixed, 'x.tsx')).toEqual([]);
    // Only the apostrophes: test files keep their ordinary spaces.
    expect(straightenApostrophes("const f = 'C’est fini !';", 'x.ts')).toBe('const f = "C\'est fini !";');
  });

  it('holds for every visible string of the site (app/, common/, server/, seeded emails): run scripts/fix-typography.ts to mend', () => {
    const issues = visibleSourceFiles(root).flatMap((file) =>
      typographyIssues(fs.readFileSync(file, 'utf8'), path.relative(root, file)),
    );
    expect(issues.map((issue) => `${issue.file}:${issue.line} ${issue.text}`)).toEqual([]);
  });

  it("writes the seed's demo content with the straight apostrophe too (staff's own texts stay as they type them)", () => {
    const file = path.join(root, 'db', 'seed-data.ts');
    const issues = curlyApostropheIssues(fs.readFileSync(file, 'utf8'), 'db/seed-data.ts');
    expect(issues.map((issue) => `${issue.file}:${issue.line} ${issue.text}`)).toEqual([]);
  });
});
