import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapScript } from './bootstrap';
import { ISLANDS } from './registry';

const appDir = path.resolve(import.meta.dirname, '..');

/** Every `island('name', Component)` of the app's sources, by name. */
function declaredIslands(): Map<string, string> {
  const declared = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bisland\('([\w-]+)',\s*(\w+)[,)]/g)) {
          declared.set(match[1] as string, path.relative(appDir, file));
        }
      }
    }
  };
  visit(appDir);
  return declared;
}

describe('islands', () => {
  it('the client registry knows every island the server renders, and no other', () => {
    const declared = declaredIslands();
    expect(declared.size).toBeGreaterThan(5);
    expect([...declared.keys()].sort()).toEqual(Object.keys(ISLANDS).sort());
  });

  it('each registry entry loads the component its island renders', async () => {
    for (const [name, file] of declaredIslands()) {
      const source = fs.readFileSync(path.join(appDir, file), 'utf8');
      const component = new RegExp(`\\bisland\\('${name}',\\s*(\\w+)[,)]`).exec(source)?.[1];
      const loaded = await (ISLANDS[name] as () => Promise<{ name: string }>)();
      expect(loaded.name, name).toBe(component);
    }
  });

  it('the bootstrap carries its URLs as JSON that cannot close the script element', () => {
    const script = bootstrapScript({ entry: '/assets/entry-</script>.js', preload: ['/assets/a.js'] });
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>.js');
    expect(script).toContain('return import(a.entry)');
    expect(bootstrapScript({ entry: '/app/islands/entry.client.ts', preload: [], dev: true })).toContain(
      'virtual:react-router/inject-hmr-runtime',
    );
  });
});
