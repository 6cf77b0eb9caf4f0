/** The client's layers (scripts/lib/layers.ts): the rule, and the tree holding to it. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, layerViolations, mayImport } from '#scripts/lib/layers.ts';

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
