import { AdminDeleteAnswer, AdminIdParams, ErrorAnswer } from '@kapaas/contract';
import { ilike, type Queryable, type Transaction } from '@kapaas/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from './audit';
import type { AdminPrincipal } from './auth.service';
import { explainConstraint } from './db-errors';

/** One page of a list, and how many items there are in all. */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** What a resource's list receives: paging and search, plus the resource's own filters. */
export interface Paging {
  page: number;
  per_page: number;
  q?: string | undefined;
}

/** What DELETE did: removed the record, or kept it out of sight because something still needs it. */
export type Removal = 'deleted' | 'archived';

/**
 * One admin resource (product.md §15): how to list, find, create, update and remove it. The
 * routes, the transaction, the audit entry (before and after, in the API's own shape), the
 * catalogue refresh and the answers are the same for all and live in `resourceRoutes`.
 */
export interface Resource<Item, Query extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  /** The URL segment under /admin/api/ and the audit log's resource name. */
  path: string;
  /** For messages: "Category". */
  noun: string;
  /** Only owners may use it (staff get 403). */
  ownerOnly?: boolean;
  /**
   * Its writes change what the storefront shows: 'product' when each row is one product (the
   * catalogue re-reads that product), 'structure' for the small tables and settings.
   */
  catalogue?: 'product' | 'structure';
  item: z.ZodType<Item>;
  list: { query: Query; answer: z.ZodType; run(db: Queryable, query: z.output<Query>): Promise<Page<Item>> };
  answer: z.ZodType;
  find(db: Queryable, id: number): Promise<Item | undefined>;
  create?: { body: Create; run(tx: Transaction, body: z.output<Create>, admin: AdminPrincipal): Promise<number> };
  update?: {
    body: Update;
    run(tx: Transaction, id: number, body: z.output<Update>, admin: AdminPrincipal): Promise<void>;
  };
  remove?(tx: Transaction, id: number, admin: AdminPrincipal): Promise<Removal>;
}

/** The principal of an admin route (the auth hook has already refused anyone else). */
export function adminOf(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new AppError('UNAUTHORIZED', 'Please log in.');
  return request.admin;
}

/** A case-insensitive "contains" on a column, with LIKE's wildcards taken literally. */
export function contains(column: AnyPgColumn, text: string) {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The count a `select({ n: count() })` answers. */
export async function totalOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

export const offsetOf = (query: Paging) => (query.page - 1) * query.per_page;

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * Runs one admin write in a transaction with its audit entry, then refreshes the catalogue when
 * the write changes what the storefront shows. `before` is the record as it was (undefined for a
 * create); the write answers the id of the record it touched. `admin` is who acts, as the route
 * read it from the request.
 */
export async function auditedWrite<Item>(
  deps: Pick<ServiceDeps, 'db' | 'catalogue'>,
  admin: AdminPrincipal,
  options: {
    resource: string;
    noun: string;
    /** Decided after the write when it depends on what the write did (delete or archive). */
    action: string | (() => string);
    id?: number;
    catalogue?: 'product' | 'structure' | undefined;
    find(db: Queryable, id: number): Promise<Item | undefined>;
    write(tx: Transaction, before: Item | undefined): Promise<number>;
  },
): Promise<{ id: number; after: Item | undefined }> {
  let result: { id: number; after: Item | undefined };
  try {
    result = await deps.db.transaction(async (tx) => {
      let before: Item | undefined;
      if (options.id !== undefined) {
        before = await options.find(tx, options.id);
        if (!before) throw new AppError('NOT_FOUND', `${options.noun} not found.`);
      }
      const id = await options.write(tx, before);
      const after = await options.find(tx, id);
      await recordAudit(tx, admin, {
        action: typeof options.action === 'string' ? options.action : options.action(),
        resource: options.resource,
        resourceId: id,
        before: before ?? null,
        after: after ?? null,
      });
      return { id, after };
    });
  } catch (error) {
    explainConstraint(error, options.noun);
  }
  if (options.catalogue === 'product') await deps.catalogue.changed({ products: [result.id] });
  else if (options.catalogue === 'structure') await deps.catalogue.changed({ structure: true });
  return result;
}

/** The five routes of a resource: GET list, POST, GET/PATCH/DELETE /:id. */
export function resourceRoutes<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  resource: Resource<Item, Q, C, U>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const kit = routeKit(app, resource);
    listRoute(kit);
    findRoute(kit);
    if (resource.create) createRoute(kit, resource.create);
    if (resource.update) updateRoute(kit, resource.update);
    if (resource.remove) removeRoute(kit, resource.remove);
  };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
/** An audited write of one resource, as its routes make it. */
type Writer<Item> = (
  request: FastifyRequest,
  action: string | (() => string),
  id: number | undefined,
  run: (tx: Transaction) => Promise<number>,
) => Promise<{ id: number; after: Item | undefined }>;

/** What every route of one resource shares: its path, OpenAPI tags, access rule and audited write. */
interface RouteKit<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  app: ZodApp;
  resource: Resource<Item, Q, C, U>;
  base: string;
  tags: string[];
  security: { adminToken: never[] }[];
  config: { ownerOnly: boolean };
  noun: string;
  lower: string;
  write: Writer<Item>;
}

function routeKit<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: ZodApp,
  resource: Resource<Item, Q, C, U>,
): RouteKit<Item, Q, C, U> {
  const noun = resource.noun;
  const write: Writer<Item> = (request, action, id, run) =>
    auditedWrite(app.deps, adminOf(request), {
      resource: resource.path,
      noun,
      action,
      ...(id === undefined ? {} : { id }),
      catalogue: resource.catalogue,
      find: resource.find,
      write: run,
    });
  return {
    app,
    resource,
    base: `/${resource.path}`,
    tags: ['admin'],
    security: [{ adminToken: [] }],
    config: { ownerOnly: resource.ownerOnly ?? false },
    noun,
    lower: noun.toLowerCase(),
    write,
  };
}

function listRoute<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kit: RouteKit<Item, Q, C, U>,
): void {
  const { app, resource, base, tags, security, config } = kit;
  app.get(
    base,
    {
      config,
      schema: {
        tags,
        security,
        summary: `List ${resource.path} (paginated, with search and filters)`,
        querystring: resource.list.query,
        response: { 200: resource.list.answer, ...failures },
      },
    },
    async (request) => {
      const query = request.query as z.output<Q> & Paging;
      const { items, total } = await resource.list.run(app.database.db, query);
      return { success: true as const, data: items, page: query.page, per_page: query.per_page, total };
    },
  );
}

function findRoute<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kit: RouteKit<Item, Q, C, U>,
): void {
  const { app, resource, base, tags, security, config, noun, lower } = kit;
  app.get(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `One ${lower}`,
        params: AdminIdParams,
        response: { 200: resource.answer, ...failures },
      },
    },
    async (request) => {
      const item = await resource.find(app.database.db, request.params.id);
      if (!item) throw new AppError('NOT_FOUND', `${noun} not found.`);
      return { success: true as const, data: item };
    },
  );
}

function createRoute<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kit: RouteKit<Item, Q, C, U>,
  create: NonNullable<Resource<Item, Q, C, U>['create']>,
): void {
  const { app, resource, base, tags, security, config, lower, write } = kit;
  app.post(
    base,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Create a ${lower}`,
        body: create.body,
        response: { 200: resource.answer, ...failures },
      },
    },
    async (request) => {
      const body = request.body as z.output<C>;
      const { after } = await write(request, 'create', undefined, (tx) => create.run(tx, body, adminOf(request)));
      return { success: true as const, data: after };
    },
  );
}

function updateRoute<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kit: RouteKit<Item, Q, C, U>,
  update: NonNullable<Resource<Item, Q, C, U>['update']>,
): void {
  const { app, resource, base, tags, security, config, lower, write } = kit;
  app.patch(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Change a ${lower}; fields left out keep their values`,
        params: AdminIdParams,
        body: update.body,
        response: { 200: resource.answer, ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body as z.output<U>;
      const { after } = await write(request, 'update', id, async (tx) => {
        await update.run(tx, id, body, adminOf(request));
        return id;
      });
      return { success: true as const, data: after };
    },
  );
}

function removeRoute<Item, Q extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  kit: RouteKit<Item, Q, C, U>,
  remove: NonNullable<Resource<Item, Q, C, U>['remove']>,
): void {
  const { app, base, tags, security, config, noun, lower, write } = kit;
  app.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Delete a ${lower}`,
        params: AdminIdParams,
        response: { 200: AdminDeleteAnswer, ...failures },
      },
    },
    async (request) => {
      const { id } = request.params;
      let removal = 'deleted' as Removal;
      await write(
        request,
        () => (removal === 'archived' ? 'archive' : 'delete'),
        id,
        async (tx) => {
          removal = await remove(tx, id, adminOf(request));
          return id;
        },
      );
      const archived = removal === 'archived';
      return {
        success: true as const,
        archived,
        message: archived ? `${noun} archived: it is still needed by past orders.` : `${noun} deleted.`,
      };
    },
  );
}
