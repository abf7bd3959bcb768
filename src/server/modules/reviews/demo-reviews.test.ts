import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ReviewPage } from '../../../core/reviews';
import { DEMO_REVIEWS } from '../../db/seed/demo-reviews';
import { seedDemoCatalog } from '../../db/seed/seed';
import { productReviews, products } from '../../db/schema';
import { deliveredSizes } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db, { mediaDir: path.join(t.config.dataDir, 'media'), renderImages: false });
});
afterAll(() => t.close());

describe('demo reviews', () => {
  it('are approved reviews by shoppers with a delivered order of the product in the size they name, counted in the rating', async () => {
    const reviews = await t.db.select().from(productReviews);
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    for (const r of reviews) {
      expect(r.status).toBe('approved');
      expect(await deliveredSizes(t.db, r.userId, r.productId)).toContain(r.size);
    }
    const mismatched = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`(${products.ratingSum}, ${products.ratingCount}) <> (select coalesce(sum(rating), 0)::int, count(*)::int from product_reviews pr where pr.product_id = ${products.id} and pr.status = 'approved')`,
      );
    expect(mismatched).toEqual([]);

    const productId = reviews[0].productId;
    const page = (await t.app.inject(`/api/products/${productId}/reviews`)).json<ReviewPage>();
    expect(page.summary.count).toBe(reviews.filter((r) => r.productId === productId).length);
    const [row] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(page.summary.count).toBe(row.ratingCount);
  });
});
