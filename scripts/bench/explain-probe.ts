import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { searchProducts, getProduct, listProducts } from '../../src/server/modules/catalog/service';
import { listAdminOrders } from '../../src/server/modules/admin-orders/service';
import { listingQuerySchema } from '../../src/core/schemas/listing';
import { adminOrdersQuerySchema } from '../../src/core/schemas/admin-orders';

export async function probe(url: string, which: string, arg: Record<string, string>) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, casing: 'snake_case', logger: { logQuery: (q, p) => logged.push({ sql: q, params: p }) } });
  if (which === 'search') await searchProducts(db, listingQuerySchema.parse(arg));
  if (which === 'product') await getProduct(db, arg.id, { activeOnly: true });
  if (which === 'latest') await listProducts(db, { activeOnly: true, limit: 10 });
  if (which === 'admin') await listAdminOrders(db, adminOrdersQuerySchema.parse(arg) as never);
  const out = [];
  for (const q of logged) {
    const t = performance.now();
    const r = await pool.query(`explain (analyze, format text) ${q.sql}`, q.params as unknown[]);
    out.push({ sql: q.sql.slice(0, 300), ms: performance.now() - t, plan: r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n') });
  }
  await pool.end();
  return out;
}
