/**
 * The handlers the admin routers share: a whole list, a list's page and its CSV export, creating
 * from a schema, acting on one item by its id (a 404 when there is none), moving an item of an
 * ordered list, and a PATCH's sent fields.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { kinshasaDate } from '#common/kinshasa.ts';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import { MoveSchema } from '#common/schemas/admin-content-fields.ts';
import type { Database } from '#db/client.ts';
import { sendCsv } from '../../admin/csv.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { parseInput } from '../../http/validate.ts';
import { IdParamsSchema } from './params.ts';

type Handler = (req: Request, res: Response) => Promise<void>;

/** GET /: what `list` answers for the query string checked by `schema` (a list's page). */
export function listRoute<S extends z.ZodType, T>(
  db: Database,
  schema: S,
  list: (db: Database, query: z.output<S>) => Promise<T>,
): Handler {
  return async (req, res) => {
    res.json(await list(db, parseInput(schema, req.query)));
  };
}

/** GET of a whole list, not paged: `{ [key]: list }`. */
export function wholeListRoute<T>(db: Database, key: string, list: (db: Database) => Promise<T[]>): Handler {
  return async (_req, res) => {
    res.json({ [key]: await list(db) });
  };
}

/**
 * GET /export.csv: the rows the filters of the query string (checked by `schema`) select, as the
 * attachment `<prefix>-<today in Kinshasa>.csv`; the export is logged under the admin's name.
 */
export function csvExportRoute<S extends z.ZodType>(
  db: Database,
  prefix: string,
  schema: S,
  exportCsv: (db: Database, filters: z.output<S>, adminId: string) => Promise<{ csv: string }>,
  now: () => Date,
): Handler {
  return async (req, res) => {
    const filters = parseInput(schema, req.query);
    const { csv } = await exportCsv(db, filters, adminOf(res).user.id);
    sendCsv(res, prefix, kinshasaDate(now()), csv);
  };
}

/** POST /: creates from the body checked by `schema`; answers 201 with `{ [key]: created }`. */
export function createRoute<S extends z.ZodType, T>(
  key: string,
  schema: S,
  create: (input: z.output<S>, adminId: string) => Promise<T>,
): Handler {
  return async (req, res) => {
    const input = parseInput(schema, req.body ?? {});
    res.status(201).json({ [key]: await create(input, adminOf(res).user.id) });
  };
}

/**
 * A route on one item (`/:id`, the id checked first): `run` acts on it and gives it back, or
 * nothing when there is no such item, which `missing` turns into a 404. The answer is
 * `{ [key]: item }` (with `status`, 201 for what it created), or 204 when `key` is null.
 */
export function itemRoute<T>(
  key: string | null,
  missing: () => Error,
  run: (id: string, req: Request, res: Response) => Promise<T | undefined | null | false>,
  status = 200,
): Handler {
  return async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const item = await run(id, req, res);
    if (!item) throw missing();
    if (key === null) res.status(204).end();
    else res.status(status).json({ [key]: item });
  };
}

/**
 * POST /:id/move of an ordered list (services, team): one place up or down, answered with the
 * whole list in its new order under `key`.
 */
export function moveRoute<T>(
  db: Database,
  key: string,
  missing: () => Error,
  move: (db: Database, id: string, direction: MoveDirection, adminId: string) => Promise<boolean>,
  list: (db: Database) => Promise<T[]>,
): Handler {
  return async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { direction } = parseInput(MoveSchema, req.body ?? {});
    if (!(await move(db, id, direction, adminOf(res).user.id))) throw missing();
    res.json({ [key]: await list(db) });
  };
}

/**
 * A PATCH changes the fields sent and only those: zod fills defaults (an empty excerpt, no image)
 * for absent keys, which must not overwrite what is stored.
 */
export function sentFields<T extends object>(parsed: T, body: unknown): Partial<T> {
  const sent = new Set(Object.keys(body ?? {}));
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}
