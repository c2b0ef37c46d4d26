import type { AdminReturn, AdminReturnSummary, ReturnStatus } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import {
  adminDetailOf,
  adminSummaryOf,
  linesOfReturns,
  lockReturn,
  moveReturn,
  RETURN_STATUS_NOTES,
  type ReturnAction,
  type ReturnRow,
  type ReturnState,
  refusalOf,
  returnMoveOf,
  returnOf,
  returnPage,
  runReturnEffects,
  stateOf,
} from '../../returns';
import { type BookingDeps, bookReturnPickup, returnPickupOf } from '../../shipping';
import { recordAudit } from '../audit';

// The owner's moves on a return (admin API /returns): each one in a transaction that holds the return's row
// (SELECT … FOR UPDATE), asks the return process (returns/lifecycle.ts) for the move, writes it, runs the move's
// effects (stock, the shopper's message) and is audited; the catalogue hears of stock changes after the commit.

/** The admin acting, as the audit log records them. */
export interface ReturnAdmin {
  id: number;
  email: string;
}

/** What the moves need: the database, and the catalogue to tell when pieces go back on sale. */
export interface ReturnAdminDeps {
  db: Database;
  catalogue: { stockChanged(productIds: Iterable<number>): Promise<void> };
}

export type ReturnLineData = Awaited<ReturnType<typeof linesOfReturns>>[number]['line'];

/** A return held for a move: its row, its lines, and what the lifecycle decides with. */
export interface HeldReturn {
  request: ReturnRow;
  lines: ReturnLineData[];
  state: ReturnState;
}

export const returnNotFound = () => new AppError('NOT_FOUND', 'Return not found.');

/** 409 ILLEGAL_RETURN_MOVE, saying why. */
export const illegalMove = (state: ReturnState, action: ReturnAction) =>
  new AppError('CONFLICT', refusalOf(state, action), { code: 'ILLEGAL_RETURN_MOVE' });

/** Locks a return and answers it with its lines and the move `action` makes (404, or 409 when illegal). */
export async function holdReturn(tx: Queryable, returnId: number, action: ReturnAction) {
  const request = await lockReturn(tx, returnId);
  if (!request) throw returnNotFound();
  const lines = (await linesOfReturns(tx, [returnId])).map((row) => row.line);
  const state = stateOf(request, lines);
  const move = returnMoveOf(state, action);
  if (move === null) throw illegalMove(state, action);
  return { request, lines, state, move, to: move.to };
}

/**
 * One move of an admin on a return, in one transaction: the return held, the work done, and the audit log given the
 * return before and after it (resource `returns`).
 */
export async function auditedMove<T>(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  action: ReturnAction,
  work: (tx: Queryable, held: HeldReturn, to: ReturnStatus) => Promise<T>,
): Promise<T> {
  const stockChanged: number[] = [];
  const done = await deps.db.transaction(async (tx) => {
    const { to, move, ...held } = await holdReturn(tx, returnId, action);
    const before = await detailOf(tx, held.request);
    const result = await work(tx, held, to);
    await runReturnEffects(move, { tx, state: held.state, request: held.request, lines: held.lines, stockChanged });
    const after = await reloadedIn(tx, returnId);
    await recordAuditOf(tx, admin, { action, returnId, before, after });
    return result;
  });
  if (stockChanged.length > 0) await deps.catalogue.stockChanged(new Set(stockChanged));
  return done;
}

async function recordAuditOf(
  tx: Queryable,
  admin: ReturnAdmin,
  entry: { action: string; returnId: number; before: AdminReturn; after: AdminReturn },
): Promise<void> {
  await recordAudit(tx, admin, {
    action: entry.action,
    resource: 'returns',
    resourceId: entry.returnId,
    before: entry.before,
    after: entry.after,
  });
}

/** A return in full for the console, with its courier pickup (the shipping module's). */
async function detailOf(db: Queryable, row: ReturnRow): Promise<AdminReturn> {
  return { ...(await adminDetailOf(db, row)), pickup: await returnPickupOf(db, row.id) };
}

async function reloadedIn(db: Queryable, returnId: number): Promise<AdminReturn> {
  const row = await returnOf(db, returnId);
  if (!row) throw returnNotFound();
  return detailOf(db, row);
}

/** GET /returns/:id. */
export async function findReturn(db: Queryable, returnId: number): Promise<AdminReturn> {
  return reloadedIn(db, returnId);
}

/** GET /returns: newest first, by status, searched by order or return number, e-mail or name. */
export async function listReturns(
  db: Queryable,
  query: { page: number; per_page: number; status?: ReturnStatus | undefined; q?: string | undefined },
): Promise<{ items: AdminReturnSummary[]; total: number }> {
  const { rows, total } = await returnPage(db, query);
  const lines = await linesOfReturns(
    db,
    rows.map((r) => r.request.id),
  );
  const items = rows.map(({ request, order }) =>
    adminSummaryOf(
      request,
      order,
      lines.filter((l) => l.line.returnId === request.id),
    ),
  );
  return { items, total };
}

const withNote = (sentence: string, note: string | undefined) => (note ? `${sentence} ${note}` : sentence);

/** POST /returns/:id/approve: the shopper is told to pack the pieces, with the owner's message. */
export async function approveReturn(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { message?: string | undefined },
): Promise<AdminReturn> {
  await auditedMove(deps, admin, returnId, 'approve', async (tx, { request }, to) => {
    const event = { note: `Approved by ${admin.email}.`, customerNote: null, adminId: admin.id };
    await moveReturn(tx, request.id, to, { decisionMessage: input.message || null }, event);
  });
  return findReturn(deps.db, returnId);
}

/** POST /returns/:id/reject: the held exchange sizes are released; the shopper reads the owner's reason. */
export async function rejectReturn(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { message: string },
): Promise<AdminReturn> {
  await auditedMove(deps, admin, returnId, 'reject', async (tx, { request }, to) => {
    const event = { note: `Rejected by ${admin.email}.`, customerNote: null, adminId: admin.id };
    await moveReturn(tx, request.id, to, { decisionMessage: input.message }, event);
  });
  return findReturn(deps.db, returnId);
}

/** POST /returns/:id/receive: the parcel is back; the pieces sent back (in the sizes bought) go back on sale, once. */
export async function receiveReturn(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { note?: string | undefined },
): Promise<AdminReturn> {
  await auditedMove(deps, admin, returnId, 'receive', async (tx, { request }, to) => {
    const note = withNote(`Parcel received by ${admin.email}; its pieces are back on sale.`, input.note);
    await moveReturn(tx, request.id, to, { receivedAt: new Date() }, { note, customerNote: null, adminId: admin.id });
  });
  return findReturn(deps.db, returnId);
}

/** POST /returns/:id/ship-exchange: the held new sizes are sold and leave with the owner's tracking note. */
/** The owner's note as a sentence: it ends with a full stop, so that what follows it reads as the next sentence. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export async function shipExchange(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { tracking_note: string },
): Promise<AdminReturn> {
  await auditedMove(deps, admin, returnId, 'ship_exchange', async (tx, { request }, to) => {
    const done = to === 'completed' ? ` ${RETURN_STATUS_NOTES.completed}` : '';
    const event = {
      note: `Exchange shipped by ${admin.email}.`,
      customerNote: `Your new size is on its way. ${sentence(input.tracking_note)}${done}`,
      adminId: admin.id,
    };
    const changes = { exchangeTrackingNote: input.tracking_note, exchangeShippedAt: new Date() };
    await moveReturn(tx, request.id, to, changes, event);
  });
  return findReturn(deps.db, returnId);
}

/**
 * POST /returns/:id/pickup: the courier's reverse pickup of an approved return, booked once (the shipping module's
 * workflow; a second click answers the same pickup), audited when it books one. The courier refusing or unreachable
 * books nothing, and the return stays approved.
 */
export async function bookPickup(deps: BookingDeps, admin: ReturnAdmin, returnId: number): Promise<AdminReturn> {
  const before = await findReturn(deps.db, returnId);
  await bookReturnPickup(deps, returnId, admin.email);
  const after = await findReturn(deps.db, returnId);
  if (before.pickup === null && after.pickup !== null) {
    await recordAuditOf(deps.db, admin, { action: 'book_pickup', returnId, before, after });
  }
  return after;
}
