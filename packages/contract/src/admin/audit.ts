import { z } from 'zod';
import { AdminPaging, adminList, Id, Timestamp } from './common';

/** One admin write: who, when, what, and the record before and after (null when it did not exist). */
export const AdminAuditEntry = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_email: z.string(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: Timestamp,
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditListQuery = z.strictObject({
  ...AdminPaging,
  resource: z.string().trim().max(50).optional(),
  resource_id: z.string().trim().max(50).optional(),
  admin_id: Id.optional(),
  action: z.string().trim().max(50).optional(),
});
export const AdminAuditListAnswer = adminList(AdminAuditEntry);
