import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { inOneStatement } from './client.ts';
import * as schema from './schema.ts';
import { statementText } from './statement-text.ts';

const db = drizzle.mock({ schema });
const dialect = new PgDialect();

/** A lead's statement as the contact route builds it: rows, an email with JSON, a claim, a select. */
function leadStatement(n: number, company: string | null): SQL {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return inOneStatement(
    [
      db.insert(schema.contactRequests).values({
        id,
        fullName: `Visiteuse ${n}`,
        email: `v${n}@example.cd`,
        phone: '+243812345678',
        phoneRaw: '0812345678',
        company,
        serviceInterest: 'Audit digital complet',
        budget: null,
        message: `Message ${n}`,
        source: 'quote_request',
      }),
      db.insert(schema.emailOutbox).values({
        messageId: `<m${n}@example.cd>`,
        toAddress: 'staff@example.cd',
        fromAddress: 'site@example.cd',
        subject: `Nouveau contact : Visiteuse ${n}`,
        textBody: `Bonjour ${n}`,
        headers: { 'X-Lead': id },
        templateVariables: { firstName: `Visiteuse ${n}`, items: [n, 'deux'] },
      }),
      sql`insert into rate_limits (key, window_start, count) values (${`ip:${n}`}, ${new Date(2026, 10, n)}, 1)
        on conflict (key) do update set count = rate_limits.count + 1`,
    ],
    sql`${id}::uuid as id, ${[n, n + 1]} as pair`,
  );
}

/** Drizzle's compiler; its `typings` serve only drivers this project does not use. */
const compile = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('statementText', () => {
  it('gives drizzle’s own text and parameters, compiling each shape once', () => {
    const compiler = vi.fn(compile);
    for (const [n, company] of [
      [1, 'Kin Boutique'],
      [2, null],
      [3, 'Autre'],
    ] as const) {
      const query = leadStatement(n, company);
      expect(statementText(query, compiler)).toEqual(compile(query));
    }
    // Three leads, one shape: drizzle compiled the text the first time only.
    expect(compiler).toHaveBeenCalledTimes(1);
  });

  it('compiles a statement of another shape on its own', () => {
    const compiler = vi.fn(compile);
    const one = sql`select ${1} as a`;
    const two = sql`select ${1} as a, ${2} as b`;
    expect(statementText(one, compiler)).toEqual(compile(one));
    expect(statementText(two, compiler)).toEqual(compile(two));
    expect(statementText(sql`select ${5} as a`, compiler)).toEqual({ sql: 'select $1 as a', params: [5] });
    expect(compiler).toHaveBeenCalledTimes(2);
  });

  it('leaves to drizzle what it does not follow (placeholders, inlined values), every time', () => {
    const compiler = vi.fn(compile);
    const placeholder = sql`select ${sql.placeholder('x')} as x`;
    const inlined = sql`select ${sql.raw("'a'")} as a, ${1} as b`.inlineParams();
    for (let i = 0; i < 2; i++) {
      expect(statementText(placeholder, compiler)).toEqual(compile(placeholder));
      expect(statementText(inlined, compiler)).toEqual(compile(inlined));
    }
    expect(compiler).toHaveBeenCalledTimes(4);
  });
});
