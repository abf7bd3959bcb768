/**
 * Demo reviews, seeded the way the rule allows them: each reviewer
 * is a demo shopper with a delivered Cash on Delivery order of the product (cash collected), and each
 * review is approved, so the demo shows ratings, stars, fit and replies. Stock is unchanged: the
 * sold unit is in the opening stock and leaves through a 'sale' ledger row, so each size's history
 * still sums to its stock. Demo shoppers cannot sign in (their password is random and not kept).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import type { ReviewFit } from '../../../core/reviews';
import type { Database } from '../client';
import { checkoutAttempts, inventoryLedger, orderEvents, orderItems, orders, productReviews, products, users } from '../schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DemoReviewer {
  name: string;
  email: string;
  city: string;
  state: string;
  pincode: string;
}

export const DEMO_REVIEWERS: DemoReviewer[] = [
  { name: 'Priya Sharma', email: 'priya.sharma@demo.rangmanch.in', city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  { name: 'Ananya Iyer', email: 'ananya.iyer@demo.rangmanch.in', city: 'Chennai', state: 'Tamil Nadu', pincode: '600004' },
  { name: 'Rohan Mehta', email: 'rohan.mehta@demo.rangmanch.in', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  { name: 'Kavya Reddy', email: 'kavya.reddy@demo.rangmanch.in', city: 'Hyderabad', state: 'Telangana', pincode: '500001' },
];

export interface DemoReview {
  /** Index into demoProducts. */
  product: number;
  /** Index into DEMO_REVIEWERS. */
  reviewer: number;
  /** The colour bought, on a product with colours; its first colour when left out. */
  colour?: string;
  size: string;
  rating: number;
  fit: ReviewFit;
  title: string;
  body: string;
  reply?: string;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    product: 0,
    reviewer: 0,
    size: 'M',
    rating: 5,
    fit: 'true',
    title: 'Beautiful print, soft cotton',
    body: 'The dabu print is even prettier in person and the cotton stays cool through a Jaipur afternoon. Colour held after three washes.',
    reply: 'Thank you, Priya! Wash it inside out in cold water and the indigo will stay deep for years.',
  },
  {
    product: 0,
    reviewer: 1,
    size: 'S',
    rating: 4,
    fit: 'true',
    title: 'Lovely for office wear',
    body: 'Comfortable and well stitched. The length is right for me at 5\'3". Took off a star because the dye ran a little in the first wash.',
  },
  {
    product: 0,
    reviewer: 3,
    size: 'L',
    rating: 4,
    fit: 'large',
    title: 'Runs a little loose',
    body: 'Pretty kurta, but roomy around the shoulders. I would pick one size smaller next time.',
  },
  {
    product: 2,
    reviewer: 1,
    size: 'M',
    rating: 5,
    fit: 'true',
    title: 'Worth every rupee',
    body: 'Fabric and finish are better than I expected at this price. Got compliments at a family function.',
  },
  {
    product: 2,
    reviewer: 2,
    size: 'L',
    rating: 3,
    fit: 'small',
    title: 'Good but snug',
    body: 'Nice quality, but it runs small across the chest. Check the size chart before ordering.',
    reply:
      'Thanks for the note, Rohan. Our size chart lists chest measurements in inches and cm; we would be happy to exchange it for a size up.',
  },
  {
    product: 3,
    reviewer: 0,
    size: 'S',
    rating: 5,
    fit: 'true',
    title: 'Perfect fit',
    body: 'Fits exactly as the size chart says. Delivered in four days to Jaipur and the packaging was neat.',
  },
  {
    product: 3,
    reviewer: 3,
    size: 'M',
    rating: 4,
    fit: 'true',
    title: 'Soft and comfortable',
    body: 'Very comfortable for daily wear and easy to iron. Would buy another colour.',
  },
];

/**
 * Seeds the demo reviewers, their delivered orders and approved reviews inside the demo catalogue's
 * transaction. `seeded[i]` is demo product i: its id, creation time, title, colours ([] for none)
 * and variants by name as `variantLabel` makes it ("Maroon / M", or "M").
 */
export async function seedDemoReviews(
  tx: Tx,
  seeded: {
    id: string;
    createdAt: Date;
    title: string;
    image: string | null;
    variants: Map<string, { id: string; sku: string; pricePaise: number }>;
    colours: string[];
  }[],
  passwordHash: string,
  now: Date,
): Promise<number> {
  const reviewerIds: string[] = [];
  for (const r of DEMO_REVIEWERS) {
    const [row] = await tx
      .insert(users)
      .values({ name: r.name, email: r.email, phone: '9876500000', passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const id = row?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, r.email)))[0].id;
    reviewerIds.push(id);
  }
  for (const review of DEMO_REVIEWS) {
    const product = seeded[review.product];
    const variantName = variantLabel({ colour: review.colour ?? product?.colours[0] ?? null, size: review.size });
    const variant = product?.variants.get(variantName);
    if (!product || !variant) throw new Error(`Demo review names a missing product or variant: ${review.product} ${variantName}`);
    const reviewer = DEMO_REVIEWERS[review.reviewer];
    const userId = reviewerIds[review.reviewer];
    // Within the product's life so far: ordered, delivered, then reviewed.
    const age = now.getTime() - product.createdAt.getTime();
    const orderedAt = new Date(product.createdAt.getTime() + age * 0.2);
    const deliveredAt = new Date(product.createdAt.getTime() + age * 0.5);
    const reviewedAt = new Date(product.createdAt.getTime() + age * (0.6 + review.reviewer * 0.05));
    const [first, ...rest] = reviewer.name.split(' ');
    const shippingAddress = {
      firstName: first,
      lastName: rest.join(' '),
      email: reviewer.email,
      phone: '9876500000',
      line1: '1 Demo Street',
      line2: '',
      city: reviewer.city,
      state: reviewer.state,
      pincode: reviewer.pincode,
      country: 'India' as const,
    };
    const line = {
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      colour: review.colour ?? product.colours[0] ?? null,
      size: review.size,
      sku: variant.sku,
      image: product.image,
      unitPricePaise: variant.pricePaise,
      quantity: 1,
    };
    const [attempt] = await tx
      .insert(checkoutAttempts)
      .values({
        userId,
        status: 'completed',
        items: [line],
        itemCount: 1,
        subTotalPaise: variant.pricePaise,
        discountType: 'NONE',
        discountPaise: 0,
        grandTotalPaise: variant.pricePaise,
        shippingAddress,
        email: reviewer.email,
        phone: '9876500000',
        paymentMethod: 'cod',
        idempotencyKey: `demo-review-${randomBytes(8).toString('hex')}`,
        createdAt: orderedAt,
        updatedAt: orderedAt,
      })
      .returning({ id: checkoutAttempts.id });
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        checkoutAttemptId: attempt.id,
        status: 'delivered',
        email: reviewer.email,
        phone: '9876500000',
        shippingAddress,
        itemCount: 1,
        subTotalPaise: variant.pricePaise,
        discountType: 'NONE',
        discountPaise: 0,
        grandTotalPaise: variant.pricePaise,
        paymentMethod: 'cod',
        paymentStatus: 'collected',
        paymentCollectedAt: deliveredAt,
        createdAt: orderedAt,
        updatedAt: deliveredAt,
      })
      .returning({ id: orders.id });
    await tx.update(checkoutAttempts).set({ orderId: order.id }).where(eq(checkoutAttempts.id, attempt.id));
    await tx.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      variantName,
      sku: variant.sku,
      image: product.image,
      unitPricePaise: variant.pricePaise,
      quantity: 1,
      lineTotalPaise: variant.pricePaise,
    });
    await tx.insert(orderEvents).values([
      { orderId: order.id, status: 'placed', note: 'Cash on Delivery', at: orderedAt },
      { orderId: order.id, status: 'delivered', note: 'Delivered and paid on delivery', at: deliveredAt },
    ]);
    // The opening stock row (seed.ts) counted this unit; it left with the sale.
    const [opening] = await tx
      .select({ id: inventoryLedger.id, stockAfter: inventoryLedger.stockAfter })
      .from(inventoryLedger)
      .where(eq(inventoryLedger.variantId, variant.id))
      .orderBy(inventoryLedger.createdAt)
      .limit(1);
    await tx
      .update(inventoryLedger)
      .set({ delta: sql`${inventoryLedger.delta} + 1`, stockAfter: sql`${inventoryLedger.stockAfter} + 1` })
      .where(eq(inventoryLedger.id, opening.id));
    await tx.insert(inventoryLedger).values({
      variantId: variant.id,
      delta: -1,
      stockAfter: opening.stockAfter,
      reason: 'sale',
      orderId: order.id,
      note: 'Demo order',
      createdAt: orderedAt,
    });
    await tx.insert(productReviews).values({
      productId: product.id,
      userId,
      rating: review.rating,
      title: review.title,
      body: review.body,
      // As a shopper's review names it: the variant as sold ("Maroon / M", or "M").
      size: variantName,
      fit: review.fit,
      status: 'approved',
      reply: review.reply ?? null,
      repliedAt: review.reply ? reviewedAt : null,
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
    });
    await tx
      .update(products)
      .set({ ratingSum: sql`${products.ratingSum} + ${review.rating}`, ratingCount: sql`${products.ratingCount} + 1` })
      .where(eq(products.id, product.id));
  }
  return DEMO_REVIEWS.length;
}
