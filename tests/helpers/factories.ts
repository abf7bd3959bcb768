/**
 * Test data factories with sensible defaults and overrides (STYLE.md "Factories").
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client';
import { categories, productCategories, productImages, products, users, variants } from '../../src/server/db/schema';
import { handleFrom } from '../../src/server/modules/catalog/handles';
import { hashPassword } from '../../src/server/modules/auth/password';
import { checkoutAttempts, orderEvents, orderItems, orders, type StoredShippingAddress } from '../../src/server/db/schema';
import type { OrderStatus } from '../../src/core/constants';
import type { Role } from '../../src/core/permissions';

const unique = () => randomBytes(4).toString('hex');

export const TEST_PASSWORD = 'Secret@123';
let cachedHash: Promise<string> | undefined;

/**
 * Inserts a user (password TEST_PASSWORD) and returns it with a bearer header for it. `role: 'admin'`
 * is kept as the name of an owner (every permission), as admins were before staff roles.
 */
export async function createUser(
  app: FastifyInstance,
  db: Database,
  { role, ...overrides }: Omit<Partial<typeof users.$inferInsert>, 'role'> & { role?: Role | 'admin' } = {},
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: 'Asha Verma',
      email: `shopper-${unique()}@example.in`,
      phone: '9876543210',
      passwordHash: await cachedHash,
      ...overrides,
      ...(role ? { role: role === 'admin' ? 'owner' : role } : {}),
    })
    .returning();
  return { user, headers: { authorization: `Bearer ${await app.signToken(user)}` } };
}

export async function createCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${unique()}`, handle: `category-${unique()}`, ...overrides })
    .returning();
  return row;
}

export interface VariantSpec {
  size: string;
  pricePaise: number;
  compareAtPaise?: number | null;
  stockQty?: number;
  isActive?: boolean;
}

/** Inserts a product with variants (default one size M at ₹999.00, 10 in stock) and one image. */
export async function createProduct(
  db: Database,
  opts: {
    title?: string;
    description?: string;
    isActive?: boolean;
    isBestseller?: boolean;
    categoryIds?: string[];
    variants?: VariantSpec[];
    createdAt?: Date;
  } = {},
) {
  const [product] = await db
    .insert(products)
    .values({
      title: opts.title ?? `Cotton Kurta ${unique()}`,
      handle: `${handleFrom(opts.title ?? 'Cotton Kurta')}-${unique()}`,
      description: opts.description ?? 'Soft cotton kurta with a mandarin collar.',
      isActive: opts.isActive ?? true,
      isBestseller: opts.isBestseller ?? false,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  const specs = opts.variants ?? [{ size: 'M', pricePaise: 99_900, stockQty: 10 }];
  const variantRows = await db
    .insert(variants)
    .values(
      specs.map((v) => ({
        productId: product.id,
        size: v.size,
        sku: `T-${unique()}-${v.size}`,
        pricePaise: v.pricePaise,
        compareAtPaise: v.compareAtPaise ?? null,
        stockQty: v.stockQty ?? 10,
        isActive: v.isActive ?? true,
      })),
    )
    .returning();
  await db.insert(productImages).values({ productId: product.id, url: '/media/test.webp', alt: product.title, position: 0 });
  if (opts.categoryIds?.length) {
    await db
      .insert(productCategories)
      .values(opts.categoryIds.map((categoryId, position) => ({ productId: product.id, categoryId, position })));
  }
  const bySize = Object.fromEntries(variantRows.map((v) => [v.size, v]));
  return { product, variants: variantRows, bySize };
}

/** A valid Indian shipping address for checkout bodies. */
export const shippingAddress = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: 'Flat 4B',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

/**
 * Inserts a paid order directly (checkout attempt, order, items, 'placed' timeline entry) without
 * touching stock: for list, filter, export and dashboard tests that need many orders or exact
 * timestamps. Lines default to one unit at ₹999.00; totals are computed from the lines less
 * `discountPaise`. Orders that must exercise stock go through the Razorpay sandbox instead.
 */
export async function createOrderRecord(
  db: Database,
  opts: {
    userId: string;
    status?: OrderStatus;
    createdAt?: Date;
    email?: string;
    phone?: string;
    shipping?: Partial<StoredShippingAddress>;
    lines?: { productId: string; variantId: string | null; title?: string; size?: string; unitPricePaise?: number; quantity?: number }[];
    discountPaise?: number;
    restocked?: boolean;
  },
) {
  const lines = (opts.lines ?? [{ productId: '00000000-0000-4000-8000-000000000001', variantId: null }]).map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    title: l.title ?? 'Cotton Kurta',
    size: l.size ?? 'M',
    sku: `T-${unique()}`,
    image: null,
    unitPricePaise: l.unitPricePaise ?? 99_900,
    quantity: l.quantity ?? 1,
  }));
  const subTotalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const discountPaise = opts.discountPaise ?? 0;
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0);
  const email = opts.email ?? `buyer-${unique()}@example.in`;
  const phone = opts.phone ?? '9876543210';
  const shippingAddress: StoredShippingAddress = {
    firstName: 'Asha',
    lastName: 'Verma',
    email,
    phone,
    line1: '12 MG Road',
    line2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    country: 'India',
    ...opts.shipping,
  };
  const razorpayOrderId = `order_${unique()}${unique()}`;
  const createdAt = opts.createdAt ?? new Date();
  const [attempt] = await db
    .insert(checkoutAttempts)
    .values({
      userId: opts.userId,
      status: 'completed',
      items: lines.map((l) => ({ ...l, variantId: l.variantId ?? '' })),
      itemCount,
      subTotalPaise,
      discountType: discountPaise ? 'MULTI_ITEM_20' : 'NONE',
      discountPaise,
      grandTotalPaise: subTotalPaise - discountPaise,
      shippingAddress,
      email,
      phone,
      razorpayOrderId,
      createdAt,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      userId: opts.userId,
      checkoutAttemptId: attempt.id,
      status: opts.status ?? 'placed',
      email,
      phone,
      shippingAddress,
      itemCount,
      subTotalPaise,
      discountType: attempt.discountType,
      discountPaise,
      grandTotalPaise: subTotalPaise - discountPaise,
      razorpayOrderId,
      razorpayPaymentId: `pay_${unique()}${unique()}`,
      restocked: opts.restocked ?? false,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((l, position) => ({
      orderId: order.id,
      productId: l.productId,
      variantId: l.variantId,
      title: l.title,
      variantName: l.size,
      sku: l.sku,
      image: l.image,
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      lineTotalPaise: l.unitPricePaise * l.quantity,
      position,
    })),
  );
  await db.insert(orderEvents).values({ orderId: order.id, status: 'placed', note: 'Payment received', at: createdAt });
  await db.update(checkoutAttempts).set({ orderId: order.id }).where(eq(checkoutAttempts.id, attempt.id));
  return order;
}

/**
 * Inserts a delivered order of `userId`: one unit of a new product's size M (createProduct,
 * createOrderRecord) and a 'delivered' timeline entry at `deliveredAt`, the moment a return's window
 * counts from (pass a time from the test app's clock). Answers the order's id and its one line's id,
 * as a return request names them.
 */
export async function createDeliveredOrder(db: Database, opts: { userId: string; deliveredAt: Date }) {
  const { product, bySize } = await createProduct(db);
  const order = await createOrderRecord(db, {
    userId: opts.userId,
    status: 'delivered',
    lines: [{ productId: product.id, variantId: bySize.M.id, size: 'M' }],
  });
  await db.insert(orderEvents).values({ orderId: order.id, status: 'delivered', note: 'Delivered', at: opts.deliveredAt });
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { id: order.id, itemId: item.id };
}
