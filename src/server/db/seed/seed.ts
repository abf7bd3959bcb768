/**
 * Seeds the demo catalogue into an empty database: categories, products with
 * variants and generated product images (a product with colours gets its colours, a variant per
 * colour × size and pictures tagged with their colour, stored as an admin save stores them), hero banners (a video banner first), testimonials,
 * 'Watch & Shop' videos and Instagram photos. Images are drawn offline (garment-art.ts) and written
 * under DATA_DIR/media/demo, served at /media/demo/...; product images at 800 and 400 pixels wide
 * and banners at 1600 and 800 (`name-400.webp`, `name-800.webp`) for the storefront's srcset, and
 * each banner's portrait phone picture at 720 x 900 (`name-phone.webp`). The
 * short MP4 clips were made once with ffmpeg (scripts/make-demo-videos.mjs) and are copied from
 * seed-media/.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  categories,
  coupons,
  heroBanners,
  instagramPhotos,
  inventoryLedger,
  productCategories,
  productImages,
  products,
  shopSettings,
  testimonials,
  users,
  variants,
  verticalVideos,
} from '../schema';
import { hashPassword } from '../../modules/auth/password';
import { settingsToRow } from '../../modules/settings/service';
import { shopSettingsSchema } from '../../../core/schemas/settings';
import { couponInputSchema } from '../../../core/schemas/coupons';
import { couponToRow } from '../../modules/coupons/service';
import { demoCategorySizeCharts, demoProductSizeCharts } from './demo-size-charts';
import {
  DEMO_INSTAGRAM_URL,
  demoBanners,
  demoCategories,
  demoCoupons,
  demoHsn,
  demoInstagramPhotos,
  demoProducts,
  demoShopSettings,
  demoWhatsAppTemplates,
  demoTestimonials,
  demoVideoBanner,
  demoVideos,
} from './demo-catalog';
import { seedDemoReviews } from './demo-reviews';
import { handleFrom } from '../../modules/catalog/handles';
import { generatedSku } from '../../modules/catalog/admin-service';
import { resolvedColours } from '../../../core/schemas/admin-catalog';
import { variantLabel } from '../../../core/colours';
import { renderAvatarSvg, renderBannerPhoneSvg, renderBannerSvg, renderGarmentSvg } from './garment-art';
import { resizeWebp, svgsToWebp } from './render-image';

/** The demo admin created outside production when ADMIN_EMAIL is unset (printed at start). */
export const DEMO_ADMIN = { email: 'admin@rangmanch.in', password: 'Admin@12345' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The committed MP4 clips: src/server/db/seed/seed-media from source, build/node/seed-media once bundled. */
export function seedMediaFolder(): string {
  return fileURLToPath(new URL('./seed-media', import.meta.url));
}

/** Ending of the banners' portrait phone pictures; they have no half-width twin. */
const PHONE_SUFFIX = '-phone.webp';

/** Half-width twin of a rendered image, by naming convention (`x.webp` -> `x-400.webp` for 800 wide). */
const halfName = (rel: string, fullWidth: number) => rel.replace(/\.webp$/, `-${fullWidth / 2}.webp`);

async function writeMedia(mediaDir: string, relative: string, bytes: Buffer | string): Promise<string> {
  const file = path.join(mediaDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return `/media/${relative.split(path.sep).join('/')}`;
}

/**
 * Seeds when the database has no products; returns what was added, or null when it was not empty.
 * `renderImages: false` skips drawing (tests that only need rows).
 */
export async function seedDemoCatalog(
  db: Database,
  opts: { mediaDir: string; renderImages?: boolean; now?: Date },
): Promise<{ products: number; categories: number } | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return null;
  const now = opts.now ?? new Date();
  const render = opts.renderImages ?? true;

  // Draw every image first, so the database is filled in one short transaction.
  const imageUrls = new Map<string, string>();
  if (render) {
    // `twin`: also written at half width for srcset (products 800 -> 400, banners 1600 -> 800).
    const jobs: { key: string; rel: string; svg: string; twin?: number }[] = [];
    for (const product of demoProducts) {
      for (const [i, image] of product.images.entries()) {
        jobs.push({
          key: `${product.key}:${i}`,
          rel: path.join('demo', 'products', `${product.key}-${i + 1}.webp`),
          svg: renderGarmentSvg(image.art),
          twin: 800,
        });
      }
    }
    for (const [i, banner] of demoBanners.entries()) {
      jobs.push({
        key: `banner:${i}`,
        rel: path.join('demo', 'banners', `banner-${i + 1}.webp`),
        svg: renderBannerSvg(banner),
        twin: 1600,
      });
    }
    jobs.push({
      key: 'video-banner',
      rel: path.join('demo', 'banners', 'video-banner-poster.webp'),
      svg: renderBannerSvg(demoVideoBanner),
      twin: 1600,
    });
    // The portrait phone pictures, 720 x 900, one size.
    for (const [i, banner] of demoBanners.entries()) {
      jobs.push({
        key: `banner-phone:${i}`,
        rel: path.join('demo', 'banners', `banner-${i + 1}${PHONE_SUFFIX}`),
        svg: renderBannerPhoneSvg(banner),
      });
    }
    jobs.push({
      key: 'video-banner-phone',
      rel: path.join('demo', 'banners', `video-banner-poster${PHONE_SUFFIX}`),
      svg: renderBannerPhoneSvg(demoVideoBanner),
    });
    for (const video of demoVideos) {
      jobs.push({
        key: `poster:${video.key}`,
        rel: path.join('demo', 'videos', `${video.key}-poster.webp`),
        svg: renderGarmentSvg(video.art, 360, 640, 'frame'),
      });
    }
    for (const photo of demoInstagramPhotos) {
      jobs.push({
        key: `insta:${photo.key}`,
        rel: path.join('demo', 'instagram', `${photo.key}.webp`),
        svg: renderGarmentSvg(photo.art, 600, 600, 'frame'),
      });
    }
    const webps = await svgsToWebp(jobs.map((j) => j.svg));
    for (const [i, job] of jobs.entries()) {
      imageUrls.set(job.key, await writeMedia(opts.mediaDir, job.rel, webps[i]));
      if (job.twin) await writeMedia(opts.mediaDir, halfName(job.rel, job.twin), await resizeWebp(webps[i], job.twin / 2));
    }
    const videoFiles = [demoVideoBanner.file, ...demoVideos.map((v) => path.join('videos', `${v.key}.mp4`))];
    for (const file of videoFiles) {
      await writeMedia(opts.mediaDir, path.join('demo', 'videos', path.basename(file)), await readFile(path.join(seedMediaFolder(), file)));
    }
    for (const [i, t] of demoTestimonials.entries()) {
      const rel = path.join('demo', 'avatars', `avatar-${i + 1}.svg`);
      imageUrls.set(`avatar:${i}`, await writeMedia(opts.mediaDir, rel, renderAvatarSvg(t.authorName)));
    }
  }
  const urlOf = (key: string, fallback: string) => imageUrls.get(key) ?? fallback;

  const reviewerPassword = await hashPassword(randomBytes(24).toString('base64url'));
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, string>();
    const categoryHandles = new Map<string, string>();
    const seededProducts: Parameters<typeof seedDemoReviews>[1] = [];
    for (const [i, c] of demoCategories.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({
          name: c.name,
          handle: handleFrom(c.name, 'collection'),
          description: c.description,
          parentId: c.parentKey ? categoryIds.get(c.parentKey) : null,
          sortOrder: i,
          sizeChart: demoCategorySizeCharts[c.key] ?? null,
        })
        .returning({ id: categories.id, handle: categories.handle });
      categoryIds.set(c.key, row.id);
      categoryHandles.set(c.key, row.handle);
    }
    for (const p of demoProducts) {
      const createdAt = new Date(now.getTime() - p.createdDaysAgo * DAY_MS);
      // The id first: generated SKUs carry it (RM-<8 hex>-MAROON-M), as an admin save makes them.
      const productId = randomUUID();
      // Colours and option names as the admin save stores them (catalog/admin-service.ts options()).
      const colours = resolvedColours(
        p.colours.map((name) => ({ name, swatch: null })),
        p.variants,
      );
      const [row] = await tx
        .insert(products)
        .values({
          id: productId,
          title: p.title,
          handle: handleFrom(p.title),
          description: p.description,
          hsn: demoHsn(p),
          isBestseller: p.isBestseller,
          colours,
          variantAttributes: colours.length > 0 ? ['Colour', 'Size'] : ['Size'],
          sizeChart: demoProductSizeCharts[p.key] ?? null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id });
      const seeded = await tx
        .insert(variants)
        .values(
          p.variants.map((v) => ({
            productId: row.id,
            colour: v.colour,
            size: v.size,
            sku: generatedSku(row.id, v.size, v.colour),
            pricePaise: Math.round(v.priceRupees * 100),
            compareAtPaise: v.compareAtRupees === null ? null : Math.round(v.compareAtRupees * 100),
            stockQty: v.stock,
          })),
        )
        .returning({
          id: variants.id,
          stockQty: variants.stockQty,
          colour: variants.colour,
          size: variants.size,
          sku: variants.sku,
          pricePaise: variants.pricePaise,
        });
      // Each size's opening stock is its first ledger row, so its history sums to its stock.
      await tx.insert(inventoryLedger).values(
        seeded.map((v) => ({
          variantId: v.id,
          delta: v.stockQty,
          stockAfter: v.stockQty,
          reason: 'adjustment' as const,
          note: 'Opening stock',
          createdAt,
        })),
      );
      await tx.insert(productImages).values(
        p.images.map((image, position) => ({
          productId: row.id,
          url: urlOf(`${p.key}:${position}`, `/media/demo/products/${p.key}-${position + 1}.webp`),
          alt: image.alt,
          colour: image.colour,
          position,
        })),
      );
      await tx.insert(productCategories).values(
        p.categoryKeys.map((key, position) => {
          const categoryId = categoryIds.get(key);
          if (!categoryId) throw new Error(`Demo product ${p.key} names unknown category ${key}`);
          return { productId: row.id, categoryId, position };
        }),
      );
      seededProducts.push({
        id: row.id,
        createdAt,
        title: p.title,
        image: urlOf(`${p.key}:0`, `/media/demo/products/${p.key}-1.webp`),
        variants: new Map(seeded.map((v) => [variantLabel(v), { id: v.id, sku: v.sku ?? '', pricePaise: v.pricePaise }])),
        colours: p.colours,
      });
    }
    await seedDemoReviews(tx, seededProducts, reviewerPassword, now);
    const bannerLink = (link: string | null) =>
      link?.replace(/^\/category\/(.+)$/, (_m, key: string) =>
        categoryHandles.has(key) ? `/category/${categoryHandles.get(key)}` : '/products',
      ) ?? null;
    await tx.insert(heroBanners).values([
      {
        mediaType: 'video' as const,
        videoUrl: `/media/demo/videos/${demoVideoBanner.file}`,
        posterUrl: urlOf('video-banner', '/media/demo/banners/video-banner-poster.webp'),
        mobileImageUrl: urlOf('video-banner-phone', `/media/demo/banners/video-banner-poster${PHONE_SUFFIX}`),
        alt: demoVideoBanner.alt,
        link: bannerLink(demoVideoBanner.link),
        sortOrder: 0,
      },
      ...demoBanners.map((b, i) => ({
        mediaType: 'image' as const,
        imageUrl: urlOf(`banner:${i}`, `/media/demo/banners/banner-${i + 1}.webp`),
        mobileImageUrl: urlOf(`banner-phone:${i}`, `/media/demo/banners/banner-${i + 1}${PHONE_SUFFIX}`),
        alt: b.alt,
        link: bannerLink(b.link),
        sortOrder: i + 1,
      })),
    ]);
    await tx.insert(verticalVideos).values(
      demoVideos.map((v, i) => ({
        videoUrl: `/media/demo/videos/${v.key}.mp4`,
        posterUrl: urlOf(`poster:${v.key}`, `/media/demo/videos/${v.key}-poster.webp`),
        title: v.title,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    await tx.insert(instagramPhotos).values(
      demoInstagramPhotos.map((p, i) => ({
        imageUrl: urlOf(`insta:${p.key}`, `/media/demo/instagram/${p.key}.webp`),
        alt: p.alt,
        postUrl: DEMO_INSTAGRAM_URL,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    await tx.insert(testimonials).values(
      demoTestimonials.map((t, i) => ({
        authorName: t.authorName,
        authorHandle: t.authorHandle,
        imageUrl: urlOf(`avatar:${i}`, `/media/demo/avatars/avatar-${i + 1}.svg`),
        content: t.content,
        rating: t.rating,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    // The shop's settings, unless an admin saved some already.
    await tx
      .insert(shopSettings)
      .values({
        id: 1,
        ...settingsToRow(shopSettingsSchema.parse({ ...demoShopSettings, whatsapp: { templates: demoWhatsAppTemplates } }), null),
      })
      .onConflictDoNothing();
    await tx
      .insert(coupons)
      .values(demoCoupons.map((c) => couponToRow(couponInputSchema.parse(c))))
      .onConflictDoNothing();
  });
  return { products: demoProducts.length, categories: demoCategories.length };
}

/** Makes sure a user with this e-mail exists as an owner (docs/decisions/0023-staff-roles.md): created, or promoted if present. */
export async function ensureAdmin(db: Database, admin: { email: string; password: string; name: string }): Promise<void> {
  const email = admin.email.toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    if (existing.role !== 'owner') await db.update(users).set({ role: 'owner' }).where(eq(users.id, existing.id));
    return;
  }
  await db
    .insert(users)
    .values({ name: admin.name, email, passwordHash: await hashPassword(admin.password), role: 'owner' })
    .onConflictDoNothing();
}

/**
 * Writes the half-width srcset twins of demo images seeded before they existed (a data folder from
 * an earlier version), so the storefront's srcset never names a missing file.
 */
export async function ensureDemoImageTwins(mediaDir: string): Promise<number> {
  let written = 0;
  for (const [folder, fullWidth] of [
    ['products', 800],
    ['banners', 1600],
  ] as const) {
    const dir = path.join(mediaDir, 'demo', folder);
    const files = await readdir(dir).catch(() => [] as string[]);
    const twinSuffix = new RegExp(`-${fullWidth / 2}\\.webp$`);
    for (const file of files.filter((f) => f.endsWith('.webp') && !twinSuffix.test(f) && !f.endsWith(PHONE_SUFFIX))) {
      const twin = path.join(dir, halfName(file, fullWidth));
      const exists = await access(twin).then(
        () => true,
        () => false,
      );
      if (exists) continue;
      await writeFile(twin, await resizeWebp(await readFile(path.join(dir, file)), fullWidth / 2));
      written++;
    }
  }
  return written;
}
