/**
 * Scale data: a large catalogue, many shoppers and a long order history, generated inside
 * the database with `generate_series` (a few statements, no row-by-row round trips), so 10,000
 * products, 240,000 variants (4 colours × 6 sizes each), 20,000 shoppers and 100,000 orders load in
 * about a minute on PostgreSQL. Two shapes: colours × sizes (FULL_SCALE, what a healthy shop with
 * colours looks like, docs/architecture.md#colours-and-sizes) and sizes only (SIZES_ONLY_SCALE: 5
 * sizes, no colours, the shape before colours), so the two can be measured side by side. Deterministic: row n always gets the same title, price, status and date (modular
 * arithmetic on n, no random()), so figures and query plans are repeatable. Used by
 * `npm run seed:scale` and by the query-plan tests (with smaller counts).
 *
 * Every generated shopper's e-mail ends in SCALE_EMAIL_DOMAIN and every SKU starts with 'SC-', so
 * the rows are easy to tell apart from the demo catalogue.
 */
import { sql, type SQL } from 'drizzle-orm';
import { colourSlug } from '../../../core/colours';
import { swatchFor } from '../../../core/swatches';
import type { Database } from '../client';

export interface ScaleCounts {
  products: number;
  /** Sizes per product, per colour (XS..XXL in order; at most 6). */
  variantsPerProduct: number;
  /**
   * Colours per product (at most SCALE_COLOURS.length), each with every size and two pictures of
   * its own; 0 or absent: sizes only, no colours (products.colours [], two shared pictures).
   */
  coloursPerProduct?: number;
  shoppers: number;
  orders: number;
}

/** The benchmark's shape: 10,000 products in 4 colours × 6 sizes. */
export const FULL_SCALE: ScaleCounts = { products: 10_000, variantsPerProduct: 6, coloursPerProduct: 4, shoppers: 20_000, orders: 100_000 };
/** The shape before colours, for comparison: 10,000 products in 5 sizes, no colours. */
export const SIZES_ONLY_SCALE: ScaleCounts = { ...FULL_SCALE, variantsPerProduct: 5, coloursPerProduct: 0 };
/**
 * The colours scale products come in, standard names (core/swatches.ts); product n's colours are
 * consecutive entries (wrapping round) from entry (5n mod 12), so they never repeat within a product.
 */
export const SCALE_COLOURS = [
  'Indigo',
  'Maroon',
  'Mustard',
  'Off-white',
  'Bottle green',
  'Rani pink',
  'Teal',
  'Charcoal',
  'Peach',
  'Navy',
  'Rust',
  'Olive green',
];
export const SCALE_EMAIL_DOMAIN = 'scale.rangmanch.in';
/** A word only about 1 product in 500 has in its title (search benchmarks and plan tests). */
export const RARE_WORD = 'Zardozi';

const COLOURS = ['Indigo', 'Mustard', 'Maroon', 'Teal', 'Ivory', 'Rani Pink', 'Olive', 'Saffron', 'Charcoal', 'Peach', 'Emerald'];
const STYLES = [
  'Printed',
  'Embroidered',
  'Block-print',
  'Handloom',
  'Striped',
  'Solid',
  'Floral',
  'Ikat',
  'Bandhani',
  'Chikankari',
  'Kalamkari',
  'Leheriya',
  'Ajrakh',
];
const FABRICS = ['Cotton', 'Linen', 'Silk', 'Chanderi', 'Khadi', 'Rayon', 'Georgette', 'Chiffon', 'Modal', 'Muslin'];
const GARMENTS = [
  'Kurta',
  'Saree',
  'Dupatta',
  'Shirt',
  'Tee',
  'Dress',
  'Palazzo',
  'Lehenga',
  'Kurti',
  'Nehru Jacket',
  'Salwar Set',
  'Anarkali',
  'Stole',
  'Co-ord Set',
];
const DETAILS = [
  'a mandarin collar and side pockets',
  'hand-finished hems and a relaxed fit',
  'mother-of-pearl buttons',
  'a contrast piping on the placket',
  'tassels on the drawstring',
  'a soft lining for all-day comfort',
  'three-quarter sleeves',
  'a flared silhouette',
];
const FIRST_NAMES = [
  'Asha',
  'Rohan',
  'Priya',
  'Arjun',
  'Meera',
  'Vikram',
  'Ananya',
  'Kabir',
  'Isha',
  'Dev',
  'Nisha',
  'Aditya',
  'Kavya',
  'Rahul',
  'Sneha',
  'Farhan',
  'Lakshmi',
  'Manpreet',
  'Tenzin',
  'Zoya',
];
const LAST_NAMES = [
  'Verma',
  'Sharma',
  'Iyer',
  'Reddy',
  'Nair',
  'Gupta',
  'Singh',
  'Das',
  'Khan',
  'Patel',
  'Menon',
  'Bose',
  'Joshi',
  'Kulkarni',
  'Fernandes',
  'Chatterjee',
  'Rao',
  'Gill',
];
const CITIES: [string, string, string][] = [
  ['Bengaluru', 'Karnataka', '560001'],
  ['Mumbai', 'Maharashtra', '400001'],
  ['New Delhi', 'Delhi', '110001'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Kolkata', 'West Bengal', '700001'],
  ['Hyderabad', 'Telangana', '500001'],
  ['Pune', 'Maharashtra', '411001'],
  ['Jaipur', 'Rajasthan', '302001'],
  ['Lucknow', 'Uttar Pradesh', '226001'],
  ['Kochi', 'Kerala', '682001'],
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
/** Order statuses weighted like a shop's history: mostly delivered. */
const STATUS_MIX = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'shipped',
  'processing',
  'confirmed',
  'placed',
  'placed',
  'cancelled',
  'returned',
  'refunded',
];

/** A SQL text[] literal. */
const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);
/** `list[1 + (expr mod len)]` in SQL; `expr` is trusted SQL over the row number. */
const pick = (values: string[], expr: string) => sql`(${arr(values)})[1 + ((${sql.raw(expr)}) % ${num(values.length)})]`;
/** An integer inlined into the SQL (generate_series and modulo need typed integers, not parameters). */
const num = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * Fills the database with `counts` rows of scale data in one transaction, then runs VACUUM ANALYZE
 * so the planner has statistics. `passwordHash` is stored for every shopper (hash one password once;
 * scrypt per row would take minutes). Returns the row count of each table afterwards.
 */
export async function seedScale(db: Database, counts: ScaleCounts, opts: { passwordHash: string }): Promise<Record<string, number>> {
  const P = num(counts.products);
  const U = num(counts.shoppers);
  const O = num(counts.orders);
  const V = num(Math.min(6, Math.max(1, counts.variantsPerProduct)));
  const colourCount = Math.min(SCALE_COLOURS.length, Math.max(0, counts.coloursPerProduct ?? 0));
  // Colour c (1..K) of product n, as an index into SCALE_COLOURS (1-based) over `n` and `c`.
  const colourIndex = (n: string) => `1 + ((${n} * 5 + c - 1) % ${SCALE_COLOURS.length})`;
  const colourOf = (n: string) => (colourCount > 0 ? sql`(${arr(SCALE_COLOURS)})[${sql.raw(colourIndex(n))}]` : sql`null::text`);
  // Sizes only: one pass with c = 1 and no colour.
  const K = num(Math.max(1, colourCount));
  const C = num(CITIES.length);

  // One transaction: one connection, so the temporary tables are visible to every statement.
  await db.transaction(async (tx) => {
    const run = (query: SQL) => tx.execute(query);

    // Categories: 4 parents with 4 children each.
    await run(sql`
      insert into categories (name, handle, description, parent_id, sort_order)
      select 'Scale collection ' || p, 'scale-collection-' || p, 'Generated for scale tests', null, 100 + p from generate_series(1, 4) p`);
    await run(sql`
      insert into categories (name, handle, description, parent_id, sort_order)
      select 'Scale collection ' || p || ' · line ' || c, 'scale-collection-' || p || '-line-' || c, 'Generated for scale tests', parent.id, 100 + p * 10 + c
      from generate_series(1, 4) p cross join generate_series(1, 4) c
      join categories parent on parent.name = 'Scale collection ' || p`);
    await run(sql`create temp table scale_categories on commit drop as
      select row_number() over (order by sort_order) as n, id from categories where parent_id is not null and name like 'Scale collection %'`);

    // Products: created over two years, one in forty inactive, one in ten a bestseller.
    await run(sql`create temp table scale_products on commit drop as select n, gen_random_uuid() as id from generate_series(1, ${P}) n`);
    await run(sql`
      insert into products (id, title, handle, description, is_bestseller, is_active, colours, variant_attributes, min_price_paise, created_at, updated_at)
      select id,
        ${pick(COLOURS, 'n * 7')} || ' ' || ${pick(STYLES, 'n * 11 + n / 13')} || ' ' || ${pick(FABRICS, 'n * 3 + n / 7')} || ' ' ||
          ${pick(GARMENTS, 'n')} || case when n % 500 = 0 then ${sql.raw(`' with ${RARE_WORD} work'`)} else '' end,
        'scale-product-' || n,
        'A ' || lower(${pick(FABRICS, 'n * 3 + n / 7')}) || ' ' || lower(${pick(GARMENTS, 'n')}) || ' with ' ||
          ${pick(DETAILS, 'n * 5')} || '. Style no. ' || n || '. Gentle hand wash; dry in shade.',
        n % 10 = 0,
        n % 40 <> 0,
        ${
          colourCount > 0
            ? sql`(select jsonb_agg(jsonb_build_object('name', (${arr(SCALE_COLOURS)})[${sql.raw(colourIndex('n'))}],
                'swatch', (${arr(SCALE_COLOURS.map(swatchFor))})[${sql.raw(colourIndex('n'))}]) order by c) from generate_series(1, ${K}) c)`
            : sql`'[]'::jsonb`
        },
        ${colourCount > 0 ? sql`array['Colour', 'Size']::text[]` : sql`array['Size']::text[]`},
        -- What the variants' trigger would compute (the variants below), set here so it need not
        -- rewrite every product row.
        case when n % 97 = 0 and ${V} = 1 then null
          else 29900 + ((n * 131) % 40) * 5000 + (case when n % 97 = 0 then 2 else 1 end) * 2000 end,
        now() - make_interval(mins => (n * 7919) % (730 * 24 * 60)),
        now()
      from scale_products`);
    await run(sql`
      insert into variants (product_id, colour, size, sku, price_paise, compare_at_paise, stock_qty, is_active)
      select sp.id, ${colourOf('sp.n')}, (${arr(SIZES)})[s],
        'SC-' || sp.n || '-' || ${
          colourCount > 0
            ? sql`(${arr(SCALE_COLOURS.map((c) => colourSlug(c).toUpperCase()))})[${sql.raw(colourIndex('sp.n'))}] || '-' || `
            : sql``
        }(${arr(SIZES)})[s],
        29900 + ((sp.n * 131) % 40) * 5000 + s * 2000,
        case when sp.n % 4 = 0 then 29900 + ((sp.n * 131) % 40) * 5000 + s * 2000 + 50000 end,
        (sp.n * 17 + s * 5 + (c - 1) * 11) % 60,
        not (sp.n % 97 = 0 and s = 1)
      from scale_products sp cross join generate_series(1, ${K}) c cross join generate_series(1, ${V}) s`);
    // Two pictures per product, or two of each colour, tagged with it.
    await run(sql`
      insert into product_images (product_id, url, alt, position, colour)
      select sp.id, '/media/scale/garment-' || (sp.n % 50) || '-' || i || '.webp', 'Product photo ' || i, (c - 1) * 2 + i - 1, ${colourOf('sp.n')}
      from scale_products sp cross join generate_series(1, ${K}) c cross join generate_series(1, 2) i`);
    await run(sql`
      insert into product_categories (product_id, category_id, position)
      select sp.id, sc.id, 0 from scale_products sp join scale_categories sc on sc.n = 1 + (sp.n * 7) % 16`);

    // Shoppers, all with the one password hash.
    await run(sql`create temp table scale_users on commit drop as
      select n, gen_random_uuid() as id, ${pick(FIRST_NAMES, 'n')} as first, ${pick(LAST_NAMES, 'n * 7 + n / 20')} as last,
        'shopper' || n || ${sql.raw(`'@${SCALE_EMAIL_DOMAIN}'`)} as email,
        (6 + n % 4)::text || lpad(((n::bigint * 48271) % 1000000000)::text, 9, '0') as phone
      from generate_series(1, ${U}) n`);
    await run(sql`create unique index on scale_users (n)`);
    await run(sql`
      insert into users (id, name, email, phone, password_hash, role, created_at)
      select id, first || ' ' || last, email, phone, ${opts.passwordHash}, 'customer', now() - make_interval(days => n % 700)
      from scale_users`);

    // Orders, each with its checkout attempt, 1 to 3 lines and a timeline, over the last year.
    await run(sql`create temp table scale_variants on commit drop as
      select row_number() over (order by v.sku) as n, v.id, v.product_id, v.colour, v.size, v.sku, v.price_paise, p.title
      from variants v join products p on p.id = v.product_id where v.sku like 'SC-%'`);
    await run(sql`create unique index on scale_variants (n)`);
    const [{ count: variantCount }] = (await tx.execute<{ count: number }>(sql`select count(*)::int as count from scale_variants`)).rows;
    await run(sql`create temp table scale_orders on commit drop as
      select n, gen_random_uuid() as attempt_id, gen_random_uuid() as order_id, 1 + (n * 7919) % ${U} as user_n,
        ${pick(STATUS_MIX, 'n * 31 + n / 17')} as status,
        now() - make_interval(secs => ((n::bigint * 104729) % (365 * 24 * 3600))::double precision) as created_at
      from generate_series(1, ${O}) n`);
    await run(sql`create unique index on scale_orders (n)`);
    await run(sql`create temp table scale_lines on commit drop as
      select so.n as order_n, l as position, sv.id as variant_id, sv.product_id, sv.title, sv.colour, sv.size, sv.sku, sv.price_paise,
        1 + (so.n + l) % 2 as quantity
      from scale_orders so cross join lateral generate_series(1, 1 + so.n % 3) l
      join scale_variants sv on sv.n = 1 + ((so.n::bigint * 7 + l * 7877) % ${num(variantCount)})`);
    await run(sql`create temp table scale_totals on commit drop as
      select order_n, sum(price_paise * quantity)::int as sub_total, sum(quantity)::int as item_count,
        jsonb_agg(jsonb_build_object('productId', product_id, 'variantId', variant_id, 'title', title, 'colour', colour, 'size', size, 'sku', sku,
          'image', null, 'unitPricePaise', price_paise, 'quantity', quantity) order by position) as items
      from scale_lines group by order_n`);
    await run(sql`create unique index on scale_totals (order_n)`);
    await run(sql`create temp table scale_full on commit drop as
      select so.*, su.id as user_id, su.email, su.phone, st.items, st.item_count, st.sub_total,
        case when st.item_count >= 3 then 'MULTI_ITEM_20' else 'NONE' end as discount_type,
        case when st.item_count >= 3 then round(st.sub_total * 0.2)::int else 0 end as discount,
        jsonb_build_object('firstName', su.first, 'lastName', su.last, 'email', su.email, 'phone', su.phone,
          'line1', (so.n % 200 + 1) || ' MG Road', 'line2', '',
          'city', (${arr(CITIES.map((c) => c[0]))})[1 + so.n % ${C}],
          'state', (${arr(CITIES.map((c) => c[1]))})[1 + so.n % ${C}],
          'pincode', (${arr(CITIES.map((c) => c[2]))})[1 + so.n % ${C}],
          'country', 'India') as address
      from scale_orders so join scale_users su on su.n = so.user_n join scale_totals st on st.order_n = so.n`);
    await run(sql`
      insert into checkout_attempts (id, user_id, status, from_buy_now, items, item_count, sub_total_paise, discount_type, discount_paise,
        grand_total_paise, shipping_address, email, phone, razorpay_order_id, razorpay_payment_id, order_id, created_at, updated_at)
      select attempt_id, user_id, 'completed', false, items, item_count, sub_total, discount_type, discount, sub_total - discount,
        address, email, phone, 'order_scale' || n, 'pay_scale' || n, order_id, created_at, created_at
      from scale_full`);
    await run(sql`
      insert into orders (id, user_id, checkout_attempt_id, status, email, phone, shipping_address, item_count, sub_total_paise,
        discount_type, discount_paise, grand_total_paise, razorpay_order_id, razorpay_payment_id, restocked, created_at, updated_at)
      select order_id, user_id, attempt_id, status, email, phone, address, item_count, sub_total, discount_type, discount,
        sub_total - discount, 'order_scale' || n, 'pay_scale' || n, status in ('cancelled', 'returned'), created_at, created_at
      from scale_full`);
    await run(sql`
      insert into order_items (order_id, product_id, variant_id, title, variant_name, sku, image, unit_price_paise, quantity, line_total_paise, position)
      select so.order_id, sl.product_id, sl.variant_id, sl.title, coalesce(sl.colour || ' / ', '') || sl.size, sl.sku, null, sl.price_paise, sl.quantity,
        sl.price_paise * sl.quantity, sl.position - 1
      from scale_lines sl join scale_orders so on so.n = sl.order_n`);
    await run(sql`
      insert into order_events (order_id, status, note, at)
      select order_id, 'placed', 'Payment received', created_at from scale_orders
      union all
      select order_id, status, '', created_at + interval '1 day' from scale_orders where status <> 'placed'`);
  });
  // Statistics for the planner, and the visibility map for index-only scans (what autovacuum would
  // do some time after a bulk load).
  await db.execute(sql`vacuum analyze`);
  const result: Record<string, number> = {};
  for (const table of ['products', 'variants', 'product_images', 'users', 'checkout_attempts', 'orders', 'order_items', 'order_events']) {
    const [{ count }] = (await db.execute<{ count: number }>(sql.raw(`select count(*)::int as count from ${table}`))).rows;
    result[table] = count;
  }
  return result;
}
