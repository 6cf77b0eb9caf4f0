/** The layers (scripts/lib/layers.ts): the client's and the server routers', each rule and the tree holding to it. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importsValues,
  layerOf,
  layerViolations,
  mayImport,
  namesSchema,
  routerSchemaImports,
} from '#scripts/lib/layers.ts';

const appDir = path.resolve(import.meta.dirname, '../../app');

describe('client layers', () => {
  it('imports only downwards: lib, then components, then features, each feature on its own', () => {
    expect(layerViolations()).toEqual([]);
  });

  it('tells a wrong-way import apart (the rule itself is not empty)', () => {
    expect(mayImport('components', 'feature:leads')).toBe(false);
    expect(mayImport('feature:pwa', 'feature:leads')).toBe(false);
    expect(mayImport('lib', 'components')).toBe(false);
    expect(mayImport('feature:leads', 'lib')).toBe(true);
    expect(layerOf(path.join(appDir, 'features/admin/emails/x.tsx'))).toBe('feature:admin');
  });
});

describe('server routers', () => {
  it('import no table from db/schema.ts: the services under server/<domain>/ hold the queries', () => {
    expect(routerSchemaImports()).toEqual([]);
  });

  it('tells a value import of the schema from a type-only one (the rule itself is not empty)', () => {
    expect(namesSchema('#db/schema.ts')).toBe(true);
    expect(namesSchema('../../../db/schema.ts')).toBe(true);
    expect(namesSchema('#db/client.ts')).toBe(false);
    expect(importsValues(undefined, '{ adminUsers }')).toBe(true);
    expect(importsValues(undefined, '{ type AdminUser, adminUsers }')).toBe(true);
    expect(importsValues(undefined, '* as schema')).toBe(true);
    expect(importsValues('type ', '{ AdminUser }')).toBe(false);
    expect(importsValues(undefined, '{ type AdminUser, type Lead }')).toBe(false);
  });
});
