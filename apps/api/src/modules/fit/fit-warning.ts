import type { ChildProfile } from '@kapaas/contract';
import { type Queryable, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { consentStands } from '../consent';
import { childProfilesOf } from './child-profiles';

/**
 * The cart's warning beside a line (issue 38, ADR 059): the size is outside the age range, in the product's chart, of
 * every child the shopper keeps ("6-12M is for 6–12 months; Aarav is 20 months"). Only for an account whose
 * child_profile consent stands and that keeps a child; a size the chart does not give has no warning (nothing to
 * compare). Computed on the server on India's day, as the children's ages are.
 */

/** A line of the cart, by product and size. */
export interface FitLine {
  product_id: number;
  size_id: number;
}

const keyOf = (line: FitLine) => `${line.product_id}:${line.size_id}`;

/** "Aarav is 20 months", "your child is 3 months", joined with "and" for the last. */
function childrenText(children: readonly ChildProfile[]): string {
  const said = children.map((child) => `${child.first_name ?? 'your child'} is ${child.age_months} months`);
  return said.length > 1 ? `${said.slice(0, -1).join(', ')} and ${said.at(-1)}` : (said[0] ?? '');
}

/** Each line's size's ages in its product's chart (its own, else its category's), with the size's label. */
async function agesOf(db: Queryable, lines: readonly FitLine[]) {
  const pairs = sql.join(
    lines.map((line) => sql`(${line.product_id}::integer, ${line.size_id}::integer)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT l.product_id, l.size_id, s.label, r.age_min_months, r.age_max_months
    FROM (VALUES ${pairs}) AS l(product_id, size_id)
    JOIN products p ON p.id = l.product_id
    JOIN sizes s ON s.id = l.size_id
    JOIN size_chart_rows r ON r.size_id = l.size_id AND r.chart_id = coalesce(
      (SELECT pc.id FROM size_charts pc WHERE pc.product_id = p.id),
      (SELECT cc.id FROM size_charts cc WHERE cc.category_id = p.category_id))`);
  type Row = FitLine & { label: string; age_min_months: number; age_max_months: number };
  return rowsOf<Row>(result);
}

/** The warning of each line that has one, by `product_id:size_id`; empty without the consent or a child. */
export async function fitWarningsOf(
  db: Queryable,
  userId: number,
  lines: readonly FitLine[],
  now = new Date(),
): Promise<Map<string, string>> {
  const warnings = new Map<string, string>();
  if (lines.length === 0 || !(await consentStands(db, { userId }, 'child_profile'))) return warnings;
  const children = await childProfilesOf(db, userId, now);
  if (children.length === 0) return warnings;
  for (const row of await agesOf(db, lines)) {
    const fits = children.some((c) => c.age_months >= row.age_min_months && c.age_months <= row.age_max_months);
    if (fits) continue;
    const range = `${row.age_min_months}–${row.age_max_months} months`;
    warnings.set(keyOf(row), `${row.label} is for ${range}; ${childrenText(children)}.`);
  }
  return warnings;
}

export { keyOf as fitLineKey };
