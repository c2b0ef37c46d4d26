import type { AdminPrivacyRequest, PrivacyRequestStatus } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../mail';
import {
  confirmedRequest,
  confirmedRequestPage,
  lockConfirmedRequest,
  type PrivacyRequestRow,
  updateRequest,
} from './requests.repository';

// The rights requests in the console: listed soonest due first, started, and answered (the answer is mailed to the
// requester through the outbox). Only confirmed requests exist here; the console's routes audit each change.

const CLOSED: readonly PrivacyRequestStatus[] = ['answered', 'rejected'];

/** A request as the console shows it; overdue while unanswered past its due date. */
export function requestView(row: PrivacyRequestRow, now = new Date()): AdminPrivacyRequest {
  if (!row.confirmedAt || !row.dueAt) throw new Error(`privacy request ${row.id} is not confirmed`);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    email: row.email,
    user_id: row.userId,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    overdue: !CLOSED.includes(row.status) && row.dueAt.getTime() < now.getTime(),
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

export async function privacyRequestPage(
  db: Queryable,
  query: { page: number; per_page: number; status?: PrivacyRequestStatus | undefined; q?: string | undefined },
) {
  const { rows, total } = await confirmedRequestPage(db, query);
  const now = new Date();
  return { rows: rows.map((row) => requestView(row, now)), total };
}

export async function findPrivacyRequest(db: Queryable, id: number): Promise<PrivacyRequestRow> {
  const row = await confirmedRequest(db, id);
  if (!row) throw notFound('Privacy request');
  return row;
}

/** open → in_progress: someone works on it. Answers the row before and after, for the audit log. */
export async function startPrivacyRequest(tx: Queryable, id: number) {
  const before = await lockConfirmedRequest(tx, id);
  if (!before) throw notFound('Privacy request');
  if (before.status !== 'open') {
    throw new AppError('CONFLICT', `This request is ${before.status.replace('_', ' ')} already.`);
  }
  return { before, after: await updateRequest(tx, id, { status: 'in_progress' }) };
}

/** Answers (or rejects, with the reason) an open or started request, and mails the answer to the requester. */
export async function answerPrivacyRequest(
  tx: Queryable,
  id: number,
  reply: { outcome: 'answered' | 'rejected'; answer: string; adminId: number },
  now = new Date(),
) {
  const before = await lockConfirmedRequest(tx, id);
  if (!before) throw notFound('Privacy request');
  if (CLOSED.includes(before.status)) {
    throw new AppError('CONFLICT', `This request was ${before.status} already; its answer was sent.`);
  }
  const after = await updateRequest(tx, id, {
    status: reply.outcome,
    answer: reply.answer,
    answeredAt: now,
    answeredBy: reply.adminId,
  });
  await queueMail(tx, {
    kind: 'privacy_request_answer',
    key: `privacy-request-answer:${id}`,
    to: before.email,
    payload: { request_id: id, kind: before.kind, answer: reply.answer },
  });
  return { before, after };
}
