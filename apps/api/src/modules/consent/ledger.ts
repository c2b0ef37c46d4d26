import { CONSENT_PURPOSE_VALUES, type ConsentPurpose, type ConsentSource } from '@kapaas/contract';
import { consents, type Queryable } from '@kapaas/db';
import { type SQL, sql } from 'drizzle-orm';
import { WHATSAPP_COUNTRY_CODE } from '../../lib/whatsapp-number';
import { currentNoticeVersion } from './notices';

/** Who an entry is about: an account, or a guest's e-mail and/or phone. At least one of them. */
export interface Person {
  userId?: number | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
}

/** One consent or withdrawal, as the form or the link that said it sends it. */
export interface ConsentEntry {
  person: Person;
  purpose: ConsentPurpose;
  given: boolean;
  source: ConsentSource;
  /** The notice version the form showed; the version in force when the form sent none (checked by the route). */
  noticeVersion?: number | undefined;
  /** The client's IP address; null for what the shop writes itself. */
  clientAddress?: string | null | undefined;
}

const normalEmail = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);

/** Appends entries to the ledger, in the caller's transaction. Nothing in the ledger is ever changed. */
export async function recordConsents(db: Queryable, entries: readonly ConsentEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const current = await currentNoticeVersion(db);
  await db.insert(consents).values(
    entries.map((entry) => {
      const { person } = entry;
      if (!person.userId && !person.email && !person.phone) throw new Error('a consent needs a person');
      return {
        userId: person.userId ?? null,
        email: normalEmail(person.email),
        phone: person.phone ?? null,
        purpose: entry.purpose,
        given: entry.given,
        noticeVersion: entry.noticeVersion ?? current,
        source: entry.source,
        clientAddress: entry.clientAddress ?? null,
      };
    }),
  );
}

type PersonSql = { userId: SQL | number | null; email: SQL | string | null; phone?: SQL | string | null };

/**
 * The condition "this entry is about the person": their account, or an address or a phone they gave, and the account
 * and the address linked through `users`. A withdrawal said from a message's link (by address) thus also holds for the
 * account that uses the address, and a switch turned on the profile (by account) for a message to its address. The
 * account and its mobile as WhatsApp names it (`91…`) are linked the same way: a profile's WhatsApp switch holds for
 * the outbox, which asks by number, and a STOP from the number shows on the profile.
 */
function aboutSql(person: PersonSql): SQL {
  const parts: SQL[] = [];
  if (person.userId !== null) {
    parts.push(sql`ce.user_id = ${person.userId}`);
    parts.push(sql`lower(ce.email) = (SELECT lower(cu.email) FROM users cu WHERE cu.id = ${person.userId})`);
    parts.push(
      sql`ce.phone = (SELECT ${WHATSAPP_COUNTRY_CODE} || cu.phone FROM users cu WHERE cu.id = ${person.userId})`,
    );
  }
  if (person.email !== null) {
    parts.push(sql`lower(ce.email) = lower(${person.email})`);
    parts.push(sql`ce.user_id = (SELECT cu.id FROM users cu WHERE lower(cu.email) = lower(${person.email}))`);
  }
  if (person.phone != null) {
    parts.push(sql`ce.phone = ${person.phone}`);
    parts.push(
      sql`ce.user_id = (SELECT cu.id FROM users cu WHERE ${WHATSAPP_COUNTRY_CODE} || cu.phone = ${person.phone})`,
    );
  }
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * SQL that is true while the person's latest entry for `purpose` gives consent: the one check every sender of a
 * message for a purpose makes (the outbox, and the cart reminders' query, which names its account's columns).
 */
export function consentStandsSql(purpose: ConsentPurpose, person: PersonSql): SQL {
  return sql`coalesce((SELECT ce.given FROM consents ce WHERE ce.purpose = ${purpose} AND ${aboutSql(person)}
    ORDER BY ce.created_at DESC, ce.id DESC LIMIT 1), false)`;
}

/** Whether the person's consent for `purpose` stands now. */
export async function consentStands(db: Queryable, person: Person, purpose: ConsentPurpose): Promise<boolean> {
  const userId = person.userId ?? null;
  const email = normalEmail(person.email);
  const result = await db.execute(
    sql`SELECT ${consentStandsSql(purpose, { userId, email, phone: person.phone ?? null })} AS given`,
  );
  // Both drivers answer { rows }.
  return (result as unknown as { rows: { given: boolean }[] }).rows[0]?.given === true;
}

export interface StandingConsent {
  purpose: ConsentPurpose;
  given: boolean;
  since: Date | null;
  source: ConsentSource | null;
}

/** Every purpose with the person's latest word on it: given or not, when and where (never said: not given). */
export async function consentsOf(db: Queryable, person: Person): Promise<StandingConsent[]> {
  const about = aboutSql({
    userId: person.userId ?? null,
    email: normalEmail(person.email),
    phone: person.phone ?? null,
  });
  type Row = { purpose: ConsentPurpose; given: boolean; created_at: string | Date; source: ConsentSource };
  const result = await db.execute(
    sql`SELECT DISTINCT ON (ce.purpose) ce.purpose, ce.given, ce.created_at, ce.source FROM consents ce
      WHERE ${about} ORDER BY ce.purpose, ce.created_at DESC, ce.id DESC`,
  );
  const { rows } = result as unknown as { rows: Row[] };
  const latest = new Map(rows.map((row) => [row.purpose, row]));
  return CONSENT_PURPOSE_VALUES.map((purpose) => {
    const row = latest.get(purpose);
    return row
      ? { purpose, given: row.given, since: new Date(row.created_at), source: row.source }
      : { purpose, given: false, since: null, source: null };
  });
}
