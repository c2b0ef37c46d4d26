import { type Queryable, sql } from '@kapaas/db';

// The console's own record of an erased customer (issue 35; the registry's audit_log.before and .after): the entries
// stay as the processing log Rule 6 keeps a year, but a customer's name, e-mail and phone in them become 'erased'.

/** The fields of a customer's audit entry that name them, as the customers resource records them. */
const NAMING = ['name', 'email', 'phone'];

const erasedFields = (column: 'before' | 'after') => sql`
  CASE WHEN jsonb_typeof(${sql.raw(column)}) = 'object' THEN ${sql.raw(column)} || COALESCE(
    (SELECT jsonb_object_agg(k, 'erased') FROM jsonb_object_keys(${sql.raw(column)}) AS k
     WHERE k IN (${sql.join(
       NAMING.map((name) => sql`${name}`),
       sql`, `,
     )})),
    '{}'::jsonb) ELSE ${sql.raw(column)} END`;

/** Replaces the name, e-mail and phone in the audit entries of the customer `userId` by 'erased'. */
export async function forgetCustomerInAudit(tx: Queryable, userId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE audit_log SET before = ${erasedFields('before')}, after = ${erasedFields('after')}
    WHERE resource = 'customers' AND resource_id = ${String(userId)}`);
}
