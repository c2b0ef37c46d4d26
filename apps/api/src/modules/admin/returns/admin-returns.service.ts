import type { AdminReturn, AdminReturnSummary, ReturnStatus } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../../lib/errors';
import { release, restock, type StockLine, sellReserved } from '../../inventory';
import {
  adminDetailOf,
  adminSummaryOf,
  linesOfReturns,
  lockReturn,
  moveReturn,
  nextStatus,
  queueReturnMail,
  RETURN_STATUS_NOTES,
  type ReturnAction,
  type ReturnRow,
  type ReturnState,
  refusalOf,
  returnOf,
  returnPage,
  stateOf,
} from '../../returns';
import { recordAudit } from '../audit';

// The owner's moves on a return (admin API /returns): each one in a transaction that holds the return's row
// (SELECT … FOR UPDATE), checks the move against the lifecycle, does its stock and mail work, and is audited.

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

/** Locks a return and answers it with its lines and the status `action` would move it to (404, or 409 when illegal). */
export async function holdReturn(
  tx: Queryable,
  returnId: number,
  action: ReturnAction,
): Promise<HeldReturn & { to: ReturnStatus }> {
  const request = await lockReturn(tx, returnId);
  if (!request) throw returnNotFound();
  const lines = (await linesOfReturns(tx, [returnId])).map((row) => row.line);
  const state = stateOf(request, lines);
  const to = nextStatus(state, action);
  if (to === null) throw illegalMove(state, action);
  return { request, lines, state, to };
}

/**
 * One move of an admin on a return, in one transaction: the return held, the work done, and the audit log given the
 * return before and after it (resource `returns`).
 */
export async function auditedMove<T>(
  db: Database,
  admin: ReturnAdmin,
  returnId: number,
  action: ReturnAction,
  work: (tx: Queryable, held: HeldReturn, to: ReturnStatus) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { to, ...held } = await holdReturn(tx, returnId, action);
    const before = await adminDetailOf(tx, held.request);
    const done = await work(tx, held, to);
    const after = await reloadedIn(tx, returnId);
    await recordAuditOf(tx, admin, { action, returnId, before, after });
    return done;
  });
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

async function reloadedIn(db: Queryable, returnId: number): Promise<AdminReturn> {
  const row = await returnOf(db, returnId);
  if (!row) throw returnNotFound();
  return adminDetailOf(db, row);
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

/** The exchanges' new sizes, as stock lines. */
const newSizeLines = (lines: ReturnLineData[]): StockLine[] =>
  lines
    .filter((l) => l.kind === 'exchange' && l.newSizeId !== null)
    .map((l) => ({ productId: l.productId, sizeId: l.newSizeId as number, quantity: l.quantity }));

/** The pieces sent back, in the sizes bought (both kinds). */
const sentBackLines = (lines: ReturnLineData[]): StockLine[] =>
  lines.map((l) => ({ productId: l.productId, sizeId: l.sizeId, quantity: l.quantity }));

/** POST /returns/:id/approve: the shopper is told to pack the pieces, with the owner's message. */
export async function approveReturn(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { message?: string | undefined },
): Promise<AdminReturn> {
  await auditedMove(deps.db, admin, returnId, 'approve', async (tx, { request }, to) => {
    const event = { note: `Approved by ${admin.email}.`, customerNote: null, adminId: admin.id };
    await moveReturn(tx, request.id, to, { decisionMessage: input.message || null }, event);
    await queueReturnMail(tx, request, 'approved');
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
  const released = await auditedMove(deps.db, admin, returnId, 'reject', async (tx, { request, lines }, to) => {
    const held = newSizeLines(lines);
    await release(tx, held);
    const event = { note: `Rejected by ${admin.email}.`, customerNote: null, adminId: admin.id };
    await moveReturn(tx, request.id, to, { decisionMessage: input.message }, event);
    await queueReturnMail(tx, request, 'rejected');
    return held.map((l) => l.productId);
  });
  if (released.length > 0) await deps.catalogue.stockChanged(released);
  return findReturn(deps.db, returnId);
}

/** POST /returns/:id/receive: the parcel is back; the pieces sent back (in the sizes bought) go back on sale, once. */
export async function receiveReturn(
  deps: ReturnAdminDeps,
  admin: ReturnAdmin,
  returnId: number,
  input: { note?: string | undefined },
): Promise<AdminReturn> {
  const restocked = await auditedMove(deps.db, admin, returnId, 'receive', async (tx, { request, lines }, to) => {
    const back = sentBackLines(lines);
    await restock(tx, back);
    const note = withNote(`Parcel received by ${admin.email}; its pieces are back on sale.`, input.note);
    await moveReturn(tx, request.id, to, { receivedAt: new Date() }, { note, customerNote: null, adminId: admin.id });
    await queueReturnMail(tx, request, 'received');
    return back.map((l) => l.productId);
  });
  await deps.catalogue.stockChanged(restocked);
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
  await auditedMove(deps.db, admin, returnId, 'ship_exchange', async (tx, { request, lines }, to) => {
    await sellReserved(tx, newSizeLines(lines));
    const done = to === 'completed' ? ` ${RETURN_STATUS_NOTES.completed}` : '';
    const event = {
      note: `Exchange shipped by ${admin.email}.`,
      customerNote: `Your new size is on its way. ${sentence(input.tracking_note)}${done}`,
      adminId: admin.id,
    };
    const changes = { exchangeTrackingNote: input.tracking_note, exchangeShippedAt: new Date() };
    await moveReturn(tx, request.id, to, changes, event);
    await queueReturnMail(tx, request, 'exchange_shipped');
  });
  return findReturn(deps.db, returnId);
}
