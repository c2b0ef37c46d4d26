import { and, eq, type Queryable, sizeAdvices } from '@kapaas/db';
import type { Confidence, Measure } from './advice';

/**
 * The size advices given (ADR 060): each "find my size" answer that named a size, kept as the product, the size, the
 * confidence and the measure it went by, so that the owner's fit insight can count which were bought and kept.
 * Neither the shopper nor the child's measures are written: the row says what was advised, not to whom.
 */

/** Records an answer that named a size; answers its id, the `advice_id` the shopper's add_cart sends back. */
export async function recordAdvice(
  db: Queryable,
  advice: { productId: number; sizeId: number; confidence: Confidence; basis: Measure },
): Promise<number> {
  const [row] = await db.insert(sizeAdvices).values(advice).returning({ id: sizeAdvices.id });
  if (!row) throw new Error('the size advice insert returned nothing');
  return row.id;
}

/**
 * The advice's id when it named this product and this size, else null: a cart line keeps only the advice it was
 * chosen by. An unknown id, another product's or another size's is not an error; the shopper's pieces are added
 * all the same (ADR 060).
 */
export async function adviceNaming(
  db: Queryable,
  adviceId: number | undefined,
  line: { productId: number; sizeId: number },
): Promise<number | null> {
  if (adviceId === undefined) return null;
  const [row] = await db
    .select({ id: sizeAdvices.id })
    .from(sizeAdvices)
    .where(
      and(eq(sizeAdvices.id, adviceId), eq(sizeAdvices.productId, line.productId), eq(sizeAdvices.sizeId, line.sizeId)),
    );
  return row?.id ?? null;
}
