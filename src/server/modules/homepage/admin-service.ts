/**
 * Homepage content the admin curates: hero banners, vertical
 * videos, Instagram photos and testimonials. Admin lists include inactive items; the public
 * homepage (service.ts) reads the same tables, so a save shows there at once.
 *
 * Limits are counted when an item is added (and when a banner switches between image and video),
 * inside a transaction that holds a table lock, so two admins adding at once cannot pass a limit.
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  HOMEPAGE_CONTENT_LIMITS,
  LIMIT_MESSAGES,
  type HeroBanner,
  type HeroBannerData,
  type InstagramPhoto,
  type InstagramPhotoData,
  type Testimonial,
  type TestimonialData,
  type VerticalVideo,
  type VerticalVideoData,
} from '../../../core/schemas/admin-homepage';
import type { Database, Tx } from '../../db/client';
import { heroBanners, instagramPhotos, testimonials, verticalVideos } from '../../db/schema';
import { badRequest, conflict, isUuid, notFound } from '../../errors';
import { changesBetween, recordAudit, type AuditActor } from '../audit/record';

/** The four kinds of homepage item, as the audit log's summaries name them. */
type Kind = 'hero banner' | 'vertical video' | 'Instagram photo' | 'testimonial';

/**
 * Records a homepage change in `tx` (docs/architecture.md#audit-log): entity 'homepage', the item's
 * id, 'homepage.create' / 'homepage.update' / 'homepage.delete' with the fields that changed (an
 * update that changed nothing writes no row).
 */
async function recordContent(
  tx: Tx,
  actor: AuditActor,
  verb: 'create' | 'update' | 'delete',
  kind: Kind,
  id: string,
  before: object | null,
  after: object | null,
): Promise<void> {
  const changes = changesBetween(before as Record<string, unknown> | null, after as Record<string, unknown> | null, ['_id', 'createdAt']);
  if (verb === 'update' && Object.keys(changes).length === 0) return;
  const summary = { create: `Added a ${kind}`, update: `Changed a ${kind}`, delete: `Deleted a ${kind}` }[verb];
  await recordAudit(tx, actor, { action: `homepage.${verb}`, entity: 'homepage', entityId: id, summary, changes });
}

/**
 * Takes a lock on `table` that only one adder holds at a time (readers are not blocked) and counts
 * its rows matching `where`.
 */
async function lockAndCount(tx: Tx, table: PgTable, where?: SQL): Promise<number> {
  await tx.execute(sql`lock table ${table} in share row exclusive mode`);
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row.n;
}

// ---------------------------------------------------------------- hero banners

type BannerRow = typeof heroBanners.$inferSelect;
const BANNER_NOT_FOUND = 'Hero media not found';

const toBanner = (r: BannerRow): HeroBanner => ({
  _id: r.id,
  mediaType: r.mediaType,
  imageUrl: r.imageUrl,
  videoUrl: r.videoUrl,
  posterUrl: r.posterUrl,
  mobileImageUrl: r.mobileImageUrl,
  mobilePublicId: r.mobilePublicId,
  link: r.link,
  alt: r.alt,
  isActive: r.isActive,
  publicId: r.publicId,
  sortOrder: r.sortOrder,
  createdAt: r.createdAt.toISOString(),
});

/** The stored columns for a banner body; an image keeps no video URL and a video no image URL. */
const bannerValues = (data: HeroBannerData) => ({
  mediaType: data.mediaType,
  imageUrl: data.mediaType === 'image' ? data.imageUrl : null,
  videoUrl: data.mediaType === 'video' ? data.videoUrl : null,
  posterUrl: data.mediaType === 'video' ? data.posterUrl : null,
  mobileImageUrl: data.mobileImageUrl,
  mobilePublicId: data.mobileImageUrl ? data.mobilePublicId : null,
  link: data.link,
  alt: data.alt,
  isActive: data.isActive,
  publicId: data.publicId,
});

/** Throws 409 with the spec's message when one more banner of `mediaType` would pass the limit. */
async function checkBannerLimit(tx: Tx, mediaType: HeroBannerData['mediaType'], exceptId?: string): Promise<void> {
  const where = and(eq(heroBanners.mediaType, mediaType), exceptId ? ne(heroBanners.id, exceptId) : undefined);
  const n = await lockAndCount(tx, heroBanners, where);
  if (mediaType === 'video' && n >= HOMEPAGE_CONTENT_LIMITS.heroVideos) throw conflict(LIMIT_MESSAGES.heroVideos);
  if (mediaType === 'image' && n >= HOMEPAGE_CONTENT_LIMITS.heroImages) throw conflict(LIMIT_MESSAGES.heroImages);
}

/** GET /api/admin/homepage/banners: every banner, active or not, by sortOrder then oldest first. */
export async function listBanners(db: Tx): Promise<HeroBanner[]> {
  const rows = await db.select().from(heroBanners).orderBy(asc(heroBanners.sortOrder), asc(heroBanners.createdAt), asc(heroBanners.id));
  return rows.map(toBanner);
}

/**
 * POST /api/admin/homepage/banners: adds a banner. Without a sortOrder an image banner goes last
 * (one past the highest image sortOrder, 0 for the first) and a video gets 0. Throws 409 past
 * 1 video or 4 images ('Only 1 video banner allowed', 'Maximum 4 image banners allowed').
 */
export async function createBanner(db: Database, data: HeroBannerData, actor: AuditActor): Promise<HeroBanner> {
  return db.transaction(async (tx) => {
    await checkBannerLimit(tx, data.mediaType);
    let sortOrder = data.sortOrder;
    if (sortOrder === undefined && data.mediaType === 'image') {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${heroBanners.sortOrder})` })
        .from(heroBanners)
        .where(eq(heroBanners.mediaType, 'image'));
      sortOrder = row.max === null ? 0 : Number(row.max) + 1;
    }
    const [saved] = await tx
      .insert(heroBanners)
      .values({ ...bannerValues(data), sortOrder: sortOrder ?? 0 })
      .returning();
    await recordContent(tx, actor, 'create', 'hero banner', saved.id, null, toBanner(saved));
    return toBanner(saved);
  });
}

/**
 * PUT /api/admin/homepage/banners/{id}: replaces the banner's fields with the body (a sortOrder left
 * out keeps the current one). Switching between image and video obeys the same limits (409).
 * Throws 404 for an unknown or malformed id.
 */
export async function updateBanner(db: Database, id: string, data: HeroBannerData, actor: AuditActor): Promise<HeroBanner> {
  if (!isUuid(id)) throw notFound(BANNER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(heroBanners).where(eq(heroBanners.id, id)).for('update');
    if (!current) throw notFound(BANNER_NOT_FOUND);
    if (current.mediaType !== data.mediaType) await checkBannerLimit(tx, data.mediaType, id);
    const [saved] = await tx
      .update(heroBanners)
      .set({ ...bannerValues(data), sortOrder: data.sortOrder ?? current.sortOrder })
      .where(eq(heroBanners.id, id))
      .returning();
    await recordContent(tx, actor, 'update', 'hero banner', id, toBanner(current), toBanner(saved));
    return toBanner(saved);
  });
}

/** DELETE /api/admin/homepage/banners/{id}. Throws 404 for an unknown or malformed id. */
export async function deleteBanner(db: Database, id: string, actor: AuditActor): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(BANNER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(heroBanners).where(eq(heroBanners.id, id)).returning();
    if (!gone) throw notFound(BANNER_NOT_FOUND);
    await recordContent(tx, actor, 'delete', 'hero banner', id, toBanner(gone), null);
  });
  return { message: 'Hero media deleted successfully' };
}

/**
 * PUT /api/admin/homepage/banners/order: sets the image banners' order. The listed ids get sortOrder
 * 0, 1, 2… in the given order; image banners left out follow them in their current order. Throws
 * 404 for an id that is no banner and 400 for a video banner. Answers the whole banner list.
 */
export async function reorderBanners(db: Database, ids: string[], actor: AuditActor): Promise<HeroBanner[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${heroBanners} in share row exclusive mode`);
    const rows = await tx.select().from(heroBanners).orderBy(asc(heroBanners.sortOrder), asc(heroBanners.createdAt), asc(heroBanners.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw notFound(BANNER_NOT_FOUND);
      if (row.mediaType !== 'image') throw badRequest('Only image banners can be ordered');
    }
    const listed = new Set(ids);
    const order = [...ids, ...rows.filter((r) => r.mediaType === 'image' && !listed.has(r.id)).map((r) => r.id)];
    const moved = order.filter((id, position) => byId.get(id)!.sortOrder !== position);
    for (const [position, id] of order.entries()) {
      if (byId.get(id)!.sortOrder !== position) await tx.update(heroBanners).set({ sortOrder: position }).where(eq(heroBanners.id, id));
    }
    if (moved.length > 0) {
      await recordAudit(tx, actor, {
        action: 'homepage.reorder',
        entity: 'homepage',
        summary: 'Reordered the hero banners',
        changes: { order: { before: rows.filter((r) => r.mediaType === 'image').map((r) => r.id), after: order } },
      });
    }
    return listBanners(tx);
  });
}

// ---------------------------------------------------------------- vertical videos

type VideoRow = typeof verticalVideos.$inferSelect;
const VIDEO_NOT_FOUND = 'Video not found';

const toVideo = (r: VideoRow): VerticalVideo => ({
  _id: r.id,
  videoUrl: r.videoUrl,
  videoPublicId: r.videoPublicId,
  posterUrl: r.posterUrl,
  posterPublicId: r.posterPublicId,
  title: r.title,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/homepage/videos: every vertical video, newest first. */
export async function listVideos(db: Database): Promise<VerticalVideo[]> {
  const rows = await db.select().from(verticalVideos).orderBy(desc(verticalVideos.createdAt), desc(verticalVideos.id));
  return rows.map(toVideo);
}

/** POST /api/admin/homepage/videos. Throws 409 'Maximum 4 vertical videos allowed' past 4. */
export async function createVideo(db: Database, data: VerticalVideoData, actor: AuditActor): Promise<VerticalVideo> {
  return db.transaction(async (tx) => {
    if ((await lockAndCount(tx, verticalVideos)) >= HOMEPAGE_CONTENT_LIMITS.verticalVideos) throw conflict(LIMIT_MESSAGES.verticalVideos);
    const [saved] = await tx.insert(verticalVideos).values(data).returning();
    await recordContent(tx, actor, 'create', 'vertical video', saved.id, null, toVideo(saved));
    return toVideo(saved);
  });
}

/** PUT /api/admin/homepage/videos/{id}: replaces the fields. Throws 404 for an unknown id. */
export async function updateVideo(db: Database, id: string, data: VerticalVideoData, actor: AuditActor): Promise<VerticalVideo> {
  if (!isUuid(id)) throw notFound(VIDEO_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(verticalVideos).where(eq(verticalVideos.id, id)).for('update');
    if (!current) throw notFound(VIDEO_NOT_FOUND);
    const [saved] = await tx.update(verticalVideos).set(data).where(eq(verticalVideos.id, id)).returning();
    await recordContent(tx, actor, 'update', 'vertical video', id, toVideo(current), toVideo(saved));
    return toVideo(saved);
  });
}

/** DELETE /api/admin/homepage/videos/{id}. Throws 404 for an unknown id. */
export async function deleteVideo(db: Database, id: string, actor: AuditActor): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(VIDEO_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(verticalVideos).where(eq(verticalVideos.id, id)).returning();
    if (!gone) throw notFound(VIDEO_NOT_FOUND);
    await recordContent(tx, actor, 'delete', 'vertical video', id, toVideo(gone), null);
  });
  return { message: 'Video deleted successfully' };
}

// ---------------------------------------------------------------- Instagram photos

type PhotoRow = typeof instagramPhotos.$inferSelect;
const PHOTO_NOT_FOUND = 'Photo not found';

const toPhoto = (r: PhotoRow): InstagramPhoto => ({
  _id: r.id,
  imageUrl: r.imageUrl,
  alt: r.alt,
  postUrl: r.postUrl,
  isActive: r.isActive,
  publicId: r.publicId,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/homepage/instagram: every photo, newest first. */
export async function listPhotos(db: Database): Promise<InstagramPhoto[]> {
  const rows = await db.select().from(instagramPhotos).orderBy(desc(instagramPhotos.createdAt), desc(instagramPhotos.id));
  return rows.map(toPhoto);
}

/** POST /api/admin/homepage/instagram. Throws 409 'Maximum 5 Instagram photos allowed' past 5. */
export async function createPhoto(db: Database, data: InstagramPhotoData, actor: AuditActor): Promise<InstagramPhoto> {
  return db.transaction(async (tx) => {
    if ((await lockAndCount(tx, instagramPhotos)) >= HOMEPAGE_CONTENT_LIMITS.instagramPhotos)
      throw conflict(LIMIT_MESSAGES.instagramPhotos);
    const [saved] = await tx.insert(instagramPhotos).values(data).returning();
    await recordContent(tx, actor, 'create', 'Instagram photo', saved.id, null, toPhoto(saved));
    return toPhoto(saved);
  });
}

/** PUT /api/admin/homepage/instagram/{id}: replaces the fields. Throws 404 for an unknown id. */
export async function updatePhoto(db: Database, id: string, data: InstagramPhotoData, actor: AuditActor): Promise<InstagramPhoto> {
  if (!isUuid(id)) throw notFound(PHOTO_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(instagramPhotos).where(eq(instagramPhotos.id, id)).for('update');
    if (!current) throw notFound(PHOTO_NOT_FOUND);
    const [saved] = await tx.update(instagramPhotos).set(data).where(eq(instagramPhotos.id, id)).returning();
    await recordContent(tx, actor, 'update', 'Instagram photo', id, toPhoto(current), toPhoto(saved));
    return toPhoto(saved);
  });
}

/** DELETE /api/admin/homepage/instagram/{id}. Throws 404 for an unknown id. */
export async function deletePhoto(db: Database, id: string, actor: AuditActor): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(PHOTO_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(instagramPhotos).where(eq(instagramPhotos.id, id)).returning();
    if (!gone) throw notFound(PHOTO_NOT_FOUND);
    await recordContent(tx, actor, 'delete', 'Instagram photo', id, toPhoto(gone), null);
  });
  return { message: 'Photo deleted successfully' };
}

// ---------------------------------------------------------------- testimonials

type TestimonialRow = typeof testimonials.$inferSelect;
const TESTIMONIAL_NOT_FOUND = 'Testimonial not found';

const toTestimonial = (r: TestimonialRow): Testimonial => ({
  _id: r.id,
  authorName: r.authorName,
  authorHandle: r.authorHandle,
  imageUrl: r.imageUrl,
  content: r.content,
  rating: r.rating,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/homepage/testimonials: every testimonial, newest first. */
export async function listTestimonials(db: Database): Promise<Testimonial[]> {
  const rows = await db.select().from(testimonials).orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return rows.map(toTestimonial);
}

/** POST /api/admin/homepage/testimonials. Throws 409 'Maximum 10 testimonials allowed' past 10. */
export async function createTestimonial(db: Database, data: TestimonialData, actor: AuditActor): Promise<Testimonial> {
  return db.transaction(async (tx) => {
    if ((await lockAndCount(tx, testimonials)) >= HOMEPAGE_CONTENT_LIMITS.testimonials) throw conflict(LIMIT_MESSAGES.testimonials);
    const [saved] = await tx.insert(testimonials).values(data).returning();
    await recordContent(tx, actor, 'create', 'testimonial', saved.id, null, toTestimonial(saved));
    return toTestimonial(saved);
  });
}

/** PUT /api/admin/homepage/testimonials/{id}: replaces the fields. Throws 404 for an unknown id. */
export async function updateTestimonial(db: Database, id: string, data: TestimonialData, actor: AuditActor): Promise<Testimonial> {
  if (!isUuid(id)) throw notFound(TESTIMONIAL_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
    if (!current) throw notFound(TESTIMONIAL_NOT_FOUND);
    const [saved] = await tx.update(testimonials).set(data).where(eq(testimonials.id, id)).returning();
    await recordContent(tx, actor, 'update', 'testimonial', id, toTestimonial(current), toTestimonial(saved));
    return toTestimonial(saved);
  });
}

/** DELETE /api/admin/homepage/testimonials/{id}. Throws 404 for an unknown id. */
export async function deleteTestimonial(db: Database, id: string, actor: AuditActor): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(TESTIMONIAL_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
    if (!gone) throw notFound(TESTIMONIAL_NOT_FOUND);
    await recordContent(tx, actor, 'delete', 'testimonial', id, toTestimonial(gone), null);
  });
  return { message: 'Testimonial deleted successfully' };
}
