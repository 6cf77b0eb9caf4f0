import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchTypography, NBSP } from '#common/typography.ts';
import {
  curlApostrophes,
  fixTypography,
  straightApostropheIssues,
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

  it('writes the typographic apostrophe between letters, never touching quotes that are not apostrophes', () => {
    expect(frenchTypography("L'équipe d'aujourd'hui, avec M. N'Diaye")).toBe(
      'L\u2019équipe d\u2019aujourd\u2019hui, avec M. N\u2019Diaye',
    );
    for (const text of ["le mot 'offre'", "status = 'pending'", "l'", "' ouvert"]) {
      expect(frenchTypography(text)).toBe(text);
    }
  });

  it("finds a straight apostrophe (') in a string or JSX text, and mends it into ’ in valid code", () => {
    const source = [
      'const a = "L\'envoi a échoué.";',
      "const b = 'Don\\'t \"quote\" l\\'image';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source file's text, not a template
      "const c = `heure d'${hour}` + city;",
      "// A comment's apostrophe is nobody's text.",
      "const d = <p title=\"Retirer l'image\">C'est réservé d'{count}</p>;",
      "const e = sql`status = 'pending' -- the row's state`;",
      "const f = 'Déjà fait' + 'le mot \\'offre\\'';",
    ].join('\n');
    expect(typographyIssues(source, 'x.tsx').map((issue) => issue.line)).toEqual([1, 2, 3, 5, 5]);
    const fixed = fixTypography(source, 'x.tsx');
    expect(fixed.split('\n')).toEqual([
      'const a = "L’envoi a échoué.";',
      'const b = \'Don’t "quote" l’image\';',
      `const c = \`heure d’\${hour}\` + city;`,
      "// A comment's apostrophe is nobody's text.",
      'const d = <p title="Retirer l’image">C’est réservé d’{count}</p>;',
      "const e = sql`status = 'pending' -- the row's state`;",
      "const f = 'Déjà fait' + 'le mot \\'offre\\'';",
    ]);
    expect(typographyIssues(fixed, 'x.tsx')).toEqual([]);
    // Only the apostrophes: test files keep their ordinary spaces.
    expect(curlApostrophes('const g = "C\'est fini !";', 'x.ts')).toBe('const g = "C’est fini !";');
    // The inline script of every page is code, whatever its quotes.
    const script = "const s = `(function(){'requestIdleCallback'in w})()`;";
    expect(typographyIssues(script, 'app/islands/bootstrap.ts')).toEqual([]);
    expect(typographyIssues(script, 'app/islands/other.ts')).toHaveLength(1);
  });

  it('holds for every visible string of the site (app/, common/, server/, seeded emails): run scripts/fix-typography.ts to mend', () => {
    const issues = visibleSourceFiles(root).flatMap((file) =>
      typographyIssues(fs.readFileSync(file, 'utf8'), path.relative(root, file)),
    );
    expect(issues.map((issue) => `${issue.file}:${issue.line} ${issue.text}`)).toEqual([]);
  });

  it("writes the seed's demo content with the typographic apostrophe too", () => {
    const file = path.join(root, 'db', 'seed-data.ts');
    const issues = straightApostropheIssues(fs.readFileSync(file, 'utf8'), 'db/seed-data.ts');
    expect(issues.map((issue) => `${issue.file}:${issue.line} ${issue.text}`)).toEqual([]);
  });
});
