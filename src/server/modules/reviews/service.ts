/**
 * Reviews and ratings. A shopper may review a product once (and edit
 * that review) when an order of theirs holding it was delivered. New and edited reviews wait for an
 * admin ('pending'); only approved reviews are public, and only they count in the product's stored
 * `rating_sum`/`rating_count` (schema.ts), changed by the difference in the same transaction as
 * the status change, with the review row locked, so concurrent moderation cannot count twice.
 * Never sees HTTP.
 */
import { and, asc, count, desc, eq, exists, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { parseVariantName } from '../../../core/colours';
import { bySizeOrder } from '../../../core/constants';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  NOT_ELIGIBLE,
  REVIEW_FITS,
  REVIEW_STATUSES,
  REVIEWS_PAGE_SIZE,
  averageRating,
  reviewerName,
  type AdminReview,
  type AdminReviewPage,
  type MyReviewState,
  type RatingSummary,
  type Review,
  type ReviewFit,
  type ReviewPage,
  type ReviewSort,
  type ReviewStatus,
} from '../../../core/reviews';
import type { ReviewInput } from '../../../core/schemas/reviews';
import type { Database } from '../../db/client';
import { orderEvents, orderItems, orders, productReviews, products, reviewHelpfulVotes, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';

type ReviewRow = typeof productReviews.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

export const PRODUCT_NOT_FOUND = 'Product not found';
export const REVIEW_NOT_FOUND = 'Review not found';

/** Checks a shopper's photo is the shop's own upload in review_photos (media-store servesImage). */
export type PhotoCheck = (publicId: string, url: string) => boolean;

function toReview(row: ReviewRow, authorName: string): Review {
  return {
    _id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    photos: row.photos,
    size: row.size,
    fit: row.fit,
    author: reviewerName(authorName),
    helpfulCount: row.helpfulCount,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A listed product (active, with an active variant; catalog/service.ts), or 404. */
async function requireListedProduct(db: Reader, productId: string) {
  const [row] = await db
    .select({ id: products.id, ratingSum: products.ratingSum, ratingCount: products.ratingCount })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true), sql`${products.minPricePaise} is not null`));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/**
 * The variants of `productId` in the shopper's delivered orders, named as their lines were sold ("M",
 * "Maroon / M"; an order is delivered when its status is, or its timeline ever was, 'delivered': a
 * later return request keeps the right to review). Null when they have none; in colour, then size order.
 */
export async function deliveredSizes(db: Reader, userId: string, productId: string): Promise<string[] | null> {
  const wasDelivered = or(
    eq(orders.status, 'delivered'),
    exists(
      db
        .select({ one: sql`1` })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'delivered'))),
    ),
  );
  const rows = await db
    .selectDistinct({ size: orderItems.variantName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), wasDelivered));
  if (rows.length === 0) return null;
  const sizes = rows.map((r) => r.size ?? '').filter(Boolean);
  return sizes
    .map((name) => ({ name, ...parseVariantName(name) }))
    .sort((a, b) => (a.colour ?? '').localeCompare(b.colour ?? '') || bySizeOrder(a, b))
    .map((v) => v.name);
}

/** The product's stored rating change when a review moves from `before` to `after` (null: absent). */
function ratingDelta(before: { status: ReviewStatus; rating: number } | null, after: { status: ReviewStatus; rating: number } | null) {
  const part = (r: typeof before) => (r?.status === 'approved' ? { sum: r.rating, n: 1 } : { sum: 0, n: 0 });
  const [a, b] = [part(before), part(after)];
  return { sum: b.sum - a.sum, n: b.n - a.n };
}

async function applyDelta(tx: Tx, productId: string, delta: { sum: number; n: number }) {
  if (delta.sum === 0 && delta.n === 0) return;
  await tx
    .update(products)
    .set({ ratingSum: sql`${products.ratingSum} + ${delta.sum}`, ratingCount: sql`${products.ratingCount} + ${delta.n}` })
    .where(eq(products.id, productId));
}

/**
 * GET /api/products/{id}/reviews/mine: whether the shopper may review the product, the sizes they
 * bought, and their own review (any status). Throws 404 for an unknown or unlisted product.
 */
export async function myReviewState(db: Database, userId: string, productId: string): Promise<MyReviewState> {
  await requireListedProduct(db, productId);
  const [sizes, [mine], [user]] = await Promise.all([
    deliveredSizes(db, userId, productId),
    db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId))),
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    eligible: sizes !== null,
    sizes: sizes ?? [],
    review: mine ? { ...toReview(mine, user?.name ?? ''), status: mine.status } : null,
  };
}

/**
 * POST /api/products/{id}/reviews: creates the shopper's review of a product, or replaces their
 * earlier one (which then waits for moderation again and leaves the rating until approved).
 * Answers `{ created, review }`. Throws 404 for an unknown product, 403 NOT_ELIGIBLE without a
 * delivered order of it, 400 for a size they did not buy or a photo that is not their upload.
 */
export async function submitReview(
  db: Database,
  userId: string,
  productId: string,
  input: ReviewInput & { photos: NonNullable<ReviewInput['photos']> },
  photoCheck: PhotoCheck,
): Promise<{ created: boolean; review: MyReviewState['review'] }> {
  await requireListedProduct(db, productId);
  const sizes = await deliveredSizes(db, userId, productId);
  if (sizes === null) throw forbidden(NOT_ELIGIBLE);
  if (input.size && !sizes.includes(input.size)) {
    const message = `Please choose a size you bought: ${sizes.join(', ')}`;
    throw badRequest(message, { size: message });
  }
  const bad = input.photos.findIndex((p) => !photoCheck(p.publicId, p.url));
  if (bad >= 0) throw badRequest('Please upload the photos again', { [`photos.${bad}`]: 'Photo is not a review upload' });
  const photos = [...new Map(input.photos.map((p) => [p.publicId, { url: p.url, publicId: p.publicId }])).values()];
  const values = {
    rating: input.rating,
    title: input.title,
    body: input.body,
    photos,
    size: input.size ?? (sizes.length === 1 ? sizes[0] : null),
    fit: input.fit ?? null,
    status: 'pending' as const,
    updatedAt: new Date(),
  };
  const { created, row } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
      .for('update');
    if (before) {
      const [row] = await tx.update(productReviews).set(values).where(eq(productReviews.id, before.id)).returning();
      await applyDelta(tx, productId, ratingDelta(before, null));
      return { created: false, row };
    }
    // Two first submissions at once: the unique (product, user) index lets one insert; the other
    // updates the row the first one wrote (no second review, no 500).
    // (xmax = 0: this statement inserted the row rather than updating the other one's.)
    const [{ inserted, ...row }] = await tx
      .insert(productReviews)
      .values({ productId, userId, ...values })
      .onConflictDoUpdate({ target: [productReviews.productId, productReviews.userId], set: values })
      .returning({ ...getTableColumns(productReviews), inserted: sql<boolean>`(xmax = 0)` });
    return { created: inserted, row };
  });
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { created, review: { ...toReview(row, user?.name ?? ''), status: row.status } };
}

/**
 * Average, count, stars and fit of a product's approved reviews: the stars and the fits counted in
 * one statement (grouping sets; one round trip less per product page).
 */
async function ratingSummary(db: Database, product: { id: string; ratingSum: number; ratingCount: number }): Promise<RatingSummary> {
  const approved = and(eq(productReviews.productId, product.id), eq(productReviews.status, 'approved'));
  const groups = await db
    .select({ rating: productReviews.rating, fit: productReviews.fit, n: count(), byFit: sql<number>`grouping(${productReviews.rating})` })
    .from(productReviews)
    .where(approved)
    .groupBy(sql`grouping sets ((${productReviews.rating}), (${productReviews.fit}))`);
  const stars = groups.filter((g) => g.byFit === 0);
  const fits = groups.filter((g) => g.byFit === 1);
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  for (const s of stars) distribution[s.rating - 1] = s.n;
  const fit = Object.fromEntries(REVIEW_FITS.map((f) => [f, 0])) as Record<ReviewFit, number>;
  for (const f of fits) if (f.fit) fit[f.fit] = f.n;
  const best = REVIEW_FITS.reduce<ReviewFit | null>((top, f) => (fit[f] > 0 && (top === null || fit[f] > fit[top]) ? f : top), null);
  return { average: averageRating(product.ratingSum, product.ratingCount), count: product.ratingCount, distribution, fit, mostSay: best };
}

/**
 * GET /api/products/{id}/reviews: the summary and one page of approved reviews, newest first or
 * most helpful first (then newest). Throws 404 for an unknown or unlisted product.
 */
export async function listProductReviews(db: Database, productId: string, sort: ReviewSort, page: number): Promise<ReviewPage> {
  const product = await requireListedProduct(db, productId);
  const approved = and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved'));
  const order =
    sort === 'helpful'
      ? [desc(productReviews.helpfulCount), desc(productReviews.createdAt), desc(productReviews.id)]
      : [desc(productReviews.createdAt), desc(productReviews.id)];
  const [summary, rows] = await Promise.all([
    ratingSummary(db, product),
    db
      .select({ review: productReviews, name: users.name })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .where(approved)
      .orderBy(...order)
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  return {
    summary,
    reviews: rows.map((r) => toReview(r.review, r.name)),
    page,
    totalPages: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
    totalReviews: summary.count,
  };
}

/**
 * POST /api/reviews/{id}/helpful: the shopper's "Helpful" vote, counted once (again: no change).
 * Answers the review's count. Throws 404 for a review that is not approved, 403 for one's own.
 */
export async function voteHelpful(db: Database, userId: string, reviewId: string): Promise<{ helpfulCount: number }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: productReviews.userId, status: productReviews.status })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId));
    if (!review || review.status !== 'approved') throw notFound(REVIEW_NOT_FOUND);
    if (review.userId === userId) throw forbidden('You cannot vote for your own review');
    const inserted = await tx.insert(reviewHelpfulVotes).values({ reviewId, userId }).onConflictDoNothing().returning();
    const [row] = await tx
      .update(productReviews)
      .set({ helpfulCount: sql`${productReviews.helpfulCount} + ${inserted.length}` })
      .where(eq(productReviews.id, reviewId))
      .returning({ helpfulCount: productReviews.helpfulCount });
    return { helpfulCount: row.helpfulCount };
  });
}

/** Whether the shopper may upload review photos for this product (POST /api/reviews/upload-target). */
export async function assertCanReview(db: Database, userId: string, productId: string): Promise<void> {
  await requireListedProduct(db, productId);
  if ((await deliveredSizes(db, userId, productId)) === null) throw forbidden(NOT_ELIGIBLE);
}

const adminSelect = {
  review: productReviews,
  productTitle: products.title,
  productHandle: products.handle,
  name: users.name,
  email: users.email,
};

function toAdminReview(r: { review: ReviewRow; productTitle: string; productHandle: string; name: string; email: string }): AdminReview {
  return {
    ...toReview(r.review, r.name),
    status: r.review.status,
    product: { _id: r.review.productId, title: r.productTitle, handle: r.productHandle },
    customer: { name: r.name, email: r.email },
    updatedAt: r.review.updatedAt.toISOString(),
  };
}

/** GET /api/admin/reviews: reviews of any status (or one), oldest pending first, else newest first; counts per status. */
export async function listAdminReviews(db: Database, status: ReviewStatus | undefined, page: number): Promise<AdminReviewPage> {
  const where: SQL | undefined = status ? eq(productReviews.status, status) : undefined;
  const order = status === 'pending' ? [asc(productReviews.updatedAt)] : [desc(productReviews.updatedAt)];
  const [rows, countRows] = await Promise.all([
    db
      .select(adminSelect)
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(users, eq(users.id, productReviews.userId))
      .where(where)
      .orderBy(...order, desc(productReviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db.select({ status: productReviews.status, n: count() }).from(productReviews).groupBy(productReviews.status),
  ]);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const c of countRows) counts[c.status] = c.n;
  const total = status ? counts[status] : countRows.reduce((sum, c) => sum + c.n, 0);
  return {
    reviews: rows.map(toAdminReview),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
    totalReviews: total,
    counts,
  };
}

async function adminReview(db: Reader, reviewId: string): Promise<AdminReview> {
  const [row] = await db
    .select(adminSelect)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.id, reviewId));
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return toAdminReview(row);
}

/**
 * PUT /api/admin/reviews/{id}/status: approves or hides a review; the product's rating changes in
 * the same transaction (setting the status it already has changes nothing). Throws 404.
 */
export async function moderateReview(
  db: Database,
  reviewId: string,
  status: 'approved' | 'hidden',
  actor: AuditActor,
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(productReviews).where(eq(productReviews.id, reviewId)).for('update');
    if (!before) throw notFound(REVIEW_NOT_FOUND);
    if (before.status === status) return;
    await tx.update(productReviews).set({ status }).where(eq(productReviews.id, reviewId));
    await applyDelta(tx, before.productId, ratingDelta(before, { status, rating: before.rating }));
    const title = await productTitle(tx, before.productId);
    await recordAudit(tx, actor, {
      action: status === 'approved' ? 'review.publish' : 'review.hide',
      entity: 'review',
      entityId: reviewId,
      summary: `${status === 'approved' ? 'Published' : 'Hid'} a ${before.rating}-star review of ${title}`,
      changes: { status: { before: before.status, after: status } },
    });
  });
  return adminReview(db, reviewId);
}

/** PUT /api/admin/reviews/{id}/reply: sets (or with '' removes) the shop's public answer. Throws 404. */
export async function replyToReview(db: Database, reviewId: string, reply: string, actor: AuditActor): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(productReviews).where(eq(productReviews.id, reviewId)).for('update');
    if (!before) throw notFound(REVIEW_NOT_FOUND);
    await tx
      .update(productReviews)
      .set(reply ? { reply, repliedAt: new Date() } : { reply: null, repliedAt: null })
      .where(eq(productReviews.id, reviewId));
    if ((before.reply ?? '') === reply) return;
    const title = await productTitle(tx, before.productId);
    await recordAudit(tx, actor, {
      action: 'review.reply',
      entity: 'review',
      entityId: reviewId,
      summary: reply ? `Replied to a ${before.rating}-star review of ${title}` : `Removed the reply to a review of ${title}`,
      changes: { reply: { before: before.reply, after: reply || null } },
    });
  });
  return adminReview(db, reviewId);
}

/** A product's title for an audit summary ('' when it is gone). */
async function productTitle(tx: Tx, productId: string): Promise<string> {
  const [row] = await tx.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return row?.title ?? '';
}

/** Reviews waiting for moderation (the dashboard tile). */
export async function pendingReviewCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productReviews).where(eq(productReviews.status, 'pending'));
  return row?.n ?? 0;
}
