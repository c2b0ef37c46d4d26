import { type SQL, sql } from '@kapaas/db';

/**
 * A person whose data is exported or erased (issue 35, DPDP Act): an account, and the e-mail addresses and phone
 * numbers that are theirs (the account's, or a guest's as the owner matched them). The modules that own a
 * person's rows find them by these keys, as the registry of personal data (privacy/registry.ts) ties each table's
 * rows to a person.
 */
export interface PersonKeys {
  userId: number | null;
  /** Guests the owner matched by e-mail or phone; none for a shopper's own request (their e-mail is unverified). */
  guestIds: readonly number[];
  /** Lower-cased. */
  emails: readonly string[];
  phones: readonly string[];
}

/** `(a, b, c)` for an SQL `IN`, or `(NULL)`, which matches nothing, for no values. */
export function inList(values: readonly (string | number)[]): SQL {
  if (values.length === 0) return sql`(NULL)`;
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** Both drivers answer `{ rows }` to a raw query. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
