/**
 * The home page payload, within the home page limits (HOME_LIMITS in src/core/constants.ts).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Homepage } from '../../../core/api-types';
import { HOME_LIMITS } from '../../../core/constants';
import type { Database } from '../../db/client';
import { heroBanners, instagramPhotos, testimonials, verticalVideos } from '../../db/schema';
import { listCategories, listProducts } from '../catalog/service';

/** Builds GET /api/homepage from active records only. */
export async function getHomepage(db: Database): Promise<Homepage> {
  const [categoryList, banners, latestProducts, bestsellerProducts, videoRows, testimonialRows, photoRows] = await Promise.all([
    listCategories(db, { activeOnly: true }),
    db.select().from(heroBanners).where(eq(heroBanners.isActive, true)).orderBy(asc(heroBanners.sortOrder), asc(heroBanners.createdAt)),
    listProducts(db, { activeOnly: true, limit: HOME_LIMITS.latest }),
    listProducts(db, { activeOnly: true, bestsellersOnly: true, limit: HOME_LIMITS.bestsellers }),
    db
      .select()
      .from(verticalVideos)
      .where(eq(verticalVideos.isActive, true))
      .orderBy(desc(verticalVideos.createdAt))
      .limit(HOME_LIMITS.videos),
    db
      .select()
      .from(testimonials)
      .where(eq(testimonials.isActive, true))
      .orderBy(desc(testimonials.createdAt))
      .limit(HOME_LIMITS.testimonials),
    db
      .select()
      .from(instagramPhotos)
      .where(and(eq(instagramPhotos.isActive, true)))
      .orderBy(desc(instagramPhotos.createdAt))
      .limit(HOME_LIMITS.instagramPhotos),
  ]);
  const video = banners.find((b) => b.mediaType === 'video' && b.videoUrl);
  return {
    categories: categoryList,
    videoBanner: video ? { videoUrl: video.videoUrl!, posterUrl: video.posterUrl, mobilePosterUrl: video.mobileImageUrl } : null,
    imageBanners: banners
      .filter((b) => b.mediaType === 'image' && b.imageUrl)
      .map((b) => ({ _id: b.id, link: b.link, imageUrl: b.imageUrl!, mobileImageUrl: b.mobileImageUrl, alt: b.alt })),
    latestProducts,
    bestsellerProducts,
    videos: videoRows.map((v) => ({ _id: v.id, videoUrl: v.videoUrl, posterUrl: v.posterUrl, title: v.title })),
    testimonials: testimonialRows.map((t) => ({
      _id: t.id,
      authorName: t.authorName,
      authorHandle: t.authorHandle,
      imageUrl: t.imageUrl,
      content: t.content,
      rating: t.rating,
    })),
    instagramPhotos: photoRows.map((p) => ({ _id: p.id, imageUrl: p.imageUrl, postUrl: p.postUrl, alt: p.alt })),
  };
}
