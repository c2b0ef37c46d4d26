import { and, eq, inArray, isNull, lt, not, type Queryable, type SQL, shopperPhotos, sql } from '@kapaas/db';
import { type Owner, ownerColumns } from '../../lib/owner';

export type PhotoRow = typeof shopperPhotos.$inferSelect;

const photoOwnedBy = (owner: Owner): SQL =>
  owner.kind === 'user' ? eq(shopperPhotos.userId, owner.userId) : eq(shopperPhotos.guestId, owner.guestId);
const unattached = and(isNull(shopperPhotos.reviewId), isNull(shopperPhotos.returnId));

/**
 * Holds the content name until the transaction ends, so that a photo's row and its files are written, or a sweep
 * decides that nothing names them and deletes them, one after the other, never interleaved.
 */
export async function lockName(tx: Queryable, name: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shopper-photo'), hashtext(${name}))`);
}

export async function insertPhoto(tx: Queryable, owner: Owner, values: Omit<typeof shopperPhotos.$inferInsert, 'id'>) {
  await tx.insert(shopperPhotos).values({ ...values, ...ownerColumns(owner) });
}

/**
 * The owner's photos of these URLs that nothing holds yet (or, for a review, that this review holds), public or
 * private, locked until the transaction ends: what a review or a return may take.
 */
export async function claimablePhotos(
  tx: Queryable,
  owner: Owner,
  urls: string[],
  options: { private: boolean; reviewId?: number },
): Promise<PhotoRow[]> {
  if (urls.length === 0) return [];
  const free =
    options.reviewId === undefined
      ? unattached
      : sql`(${unattached} OR ${shopperPhotos.reviewId} = ${options.reviewId})`;
  return tx
    .select()
    .from(shopperPhotos)
    .where(and(photoOwnedBy(owner), eq(shopperPhotos.private, options.private), inArray(shopperPhotos.url, urls), free))
    .orderBy(shopperPhotos.id)
    .for('update');
}

export async function attachPhotos(
  tx: Queryable,
  ids: number[],
  to: { reviewId: number } | { returnId: number },
): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(shopperPhotos).set(to).where(inArray(shopperPhotos.id, ids));
}

/** Lets go of a review's photos it no longer shows: the sweep deletes them once they are a day old. */
export async function releaseReviewPhotos(tx: Queryable, reviewId: number, kept: string[]): Promise<void> {
  const dropped = kept.length === 0 ? undefined : not(inArray(shopperPhotos.url, kept));
  await tx
    .update(shopperPhotos)
    .set({ reviewId: null })
    .where(and(eq(shopperPhotos.reviewId, reviewId), dropped));
}

/** Whether one of the owner's private photos has this rendition (its shopper may open it). */
export async function ownerHasPrivate(db: Queryable, owner: Owner, name: string, width: number): Promise<boolean> {
  const rows = await db
    .select({ id: shopperPhotos.id })
    .from(shopperPhotos)
    .where(and(eq(shopperPhotos.name, name), eq(shopperPhotos.private, true), photoOwnedBy(owner), hasWidth(width)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a return holds a private photo with this rendition (the staff may open it). */
export async function returnHasPrivate(db: Queryable, name: string, width: number): Promise<boolean> {
  const rows = await db
    .select({ id: shopperPhotos.id })
    .from(shopperPhotos)
    .where(
      and(
        eq(shopperPhotos.name, name),
        eq(shopperPhotos.private, true),
        sql`${shopperPhotos.returnId} IS NOT NULL`,
        hasWidth(width),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const hasWidth = (width: number) => sql`${width}::integer = ANY(${shopperPhotos.widths})`;

/** The content names (and where they are kept) of photos nothing holds that were uploaded before `before`. */
export async function namesDue(db: Queryable, before: Date, limit: number) {
  return db
    .selectDistinct({ name: shopperPhotos.name, private: shopperPhotos.private })
    .from(shopperPhotos)
    .where(and(unattached, lt(shopperPhotos.createdAt, before)))
    .limit(limit);
}

/** Deletes the photos of this name that nothing holds and that were uploaded before `before`; answers them. */
export async function deleteDue(tx: Queryable, name: string, isPrivate: boolean, before: Date): Promise<PhotoRow[]> {
  return tx
    .delete(shopperPhotos)
    .where(
      and(
        eq(shopperPhotos.name, name),
        eq(shopperPhotos.private, isPrivate),
        unattached,
        lt(shopperPhotos.createdAt, before),
      ),
    )
    .returning();
}

/** Whether any photo (held or not) still names these files. */
export async function nameInUse(tx: Queryable, name: string, isPrivate: boolean): Promise<boolean> {
  const rows = await tx
    .select({ id: shopperPhotos.id })
    .from(shopperPhotos)
    .where(and(eq(shopperPhotos.name, name), eq(shopperPhotos.private, isPrivate)))
    .limit(1);
  return rows.length > 0;
}
