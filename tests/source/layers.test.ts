/** The layers (scripts/lib/layers.ts): the client's and the server's, each rule and the tree holding to it. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importsValues,
  layerOf,
  layerViolations,
  mayImport,
  mayImportOnServer,
  namesSchema,
  routerSchemaImports,
  SERVER_APP_IMPORTS,
  serverDomainTies,
  serverLayerOf,
  serverLayerViolations,
} from '#scripts/lib/layers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const appDir = path.join(root, 'app');

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

  it('keeps no file loose at the back-office’s root: its kit, data, session, realtime, shell and screens are folders', () => {
    const loose = fs
      .readdirSync(path.join(appDir, 'features/admin'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
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

describe('server layers', () => {
  it('imports only downwards: common, db, the services, the routers, the wiring; app/ only as listed', () => {
    expect(serverLayerViolations()).toEqual([]);
  });

  it('ties two services one way only: the other reaches back through types, an interface', () => {
    expect(serverDomainTies()).toEqual([]);
  });

  it('finds two services importing each other’s values (the rule itself is not empty)', () => {
    const tie = (from: string, specifier: string, to: string, values: boolean) => ({
      file: path.join(root, from),
      specifier,
      target: path.join(root, to),
      values,
    });
    const sockets = tie(
      'server/realtime/ws-server.ts',
      '../auth/sessions.ts',
      'server/auth/sessions.ts',
      true,
    );
    // The sessions once called the real-time channel's own publishing function.
    const publishing = tie(
      'server/auth/sessions.ts',
      '../realtime/session-events.ts',
      'server/realtime/session-events.ts',
      true,
    );
    expect(serverDomainTies([sockets, publishing])).toEqual([
      'server/realtime/ws-server.ts (service:realtime) -> ../auth/sessions.ts',
      'server/auth/sessions.ts (service:auth) -> ../realtime/session-events.ts',
    ]);
    // Through the event bus's interface (a type), the tie is one way.
    const bus = tie(
      'server/auth/sessions.ts',
      '../realtime/event-bus.ts',
      'server/realtime/event-bus.ts',
      false,
    );
    expect(serverDomainTies([sockets, bus])).toEqual([]);
  });

  it('tells a wrong-way import apart (the rule itself is not empty)', () => {
    const at = (file: string) => serverLayerOf(path.join(root, file));
    expect(at('server/api/admin/contacts.ts')).toBe('routers');
    expect(at('server/booking/desk/emails.ts')).toBe('service:booking');
    expect(at('server/app.ts')).toBe('wiring');
    expect(at('server/errors.ts')).toBe('base');
    // A service never reaches up into a router, nor into the wiring's values.
    expect(mayImportOnServer('service:booking', 'routers', false)).toBe(false);
    expect(mayImportOnServer('service:media', 'wiring', true)).toBe(false);
    expect(mayImportOnServer('service:media', 'wiring', false)).toBe(true);
    expect(mayImportOnServer('routers', 'service:booking', true)).toBe(true);
    // common/ and db/ stay below the server; nothing reaches app/ outside the listed modules.
    expect(mayImportOnServer('db', 'service:auth', false)).toBe(false);
    expect(mayImportOnServer('common', 'db', false)).toBe(false);
    expect(mayImportOnServer('wiring', 'app', false)).toBe(false);
    expect([...SERVER_APP_IMPORTS.keys()]).toEqual(['app/context.server.ts', 'app/islands/bootstrap.ts']);
  });
});
