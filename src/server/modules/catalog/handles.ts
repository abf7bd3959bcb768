/**
 * Handles made from titles (docs/architecture.md#product-addresses): transliterated to ASCII by
 * any-ascii (Devanagari, Tamil, Bengali and the other Indian scripts too), then lower-cased words
 * joined by hyphens; a clash takes -2, -3, ...
 */
import anyAscii from 'any-ascii';
import { eq, inArray, sql } from 'drizzle-orm';
import { HANDLE_MAX } from '../../../core/handles';
import type { Database, Tx } from '../../db/client';
import { productHandleRedirects, products } from '../../db/schema';

/** The handle `text` makes, or `fallback` when nothing of it survives (say, only emoji). */
export function handleFrom(text: string, fallback = 'product'): string {
  // Emoji would come out as their names (':sparkles:'), which no title means.
  const words = anyAscii(text.replace(/\p{Extended_Pictographic}/gu, ' '))
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length > HANDLE_MAX ? words.slice(0, HANDLE_MAX).replace(/-[^-]*$/, '') : words;
  return cut.replace(/-+$/, '') || fallback;
}

/**
 * The first of `base`, `base-2`, `base-3`, ... that `taken` says is free (a look-up of the
 * current handles and, for products, their earlier ones).
 */
export async function firstFreeHandle(base: string, taken: (candidates: string[]) => Promise<Set<string>>): Promise<string> {
  for (let start = 1; ; start += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => suffixed(base, start + i));
    const used = await taken(candidates);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
}

/** `base` with its clash number (none for the first), kept within HANDLE_MAX. */
function suffixed(base: string, n: number): string {
  if (n === 1) return base;
  const tail = `-${n}`;
  return `${base.slice(0, HANDLE_MAX - tail.length).replace(/-+$/, '')}${tail}`;
}

/** The handles among `candidates` a product holds, now or as an earlier address. */
export async function takenProductHandles(tx: Tx, candidates: string[]): Promise<Set<string>> {
  const current = await tx.select({ handle: products.handle }).from(products).where(inArray(products.handle, candidates));
  const earlier = await tx
    .select({ handle: productHandleRedirects.handle })
    .from(productHandleRedirects)
    .where(inArray(productHandleRedirects.handle, candidates));
  return new Set([...current, ...earlier].map((r) => r.handle));
}

/**
 * Gives the products migration 0029 could only call `product`, `product-<n>` or `product-<id
 * start>` (SQL has no transliteration, so a title wholly in another script, say "बनारसी सिल्क
 * साड़ी", kept none of its words) the handle `handleFrom` makes of the title now, keeping the old
 * one as an earlier address that answers 301 (docs/architecture.md#product-addresses). A title
 * with any Latin letter or digit kept words and is left alone, as is one that still gives nothing
 * (only emoji). Runs at every start; once done it finds nothing. Answers how many products moved.
 */
export async function repairTransliteratedHandles(db: Database): Promise<number> {
  const rows = await db
    .select({ id: products.id, title: products.title, handle: products.handle })
    .from(products)
    .where(sql`${products.handle} ~ '^product(-[0-9]+|-[0-9a-f]{8})?$' and ${products.title} !~* '[a-z0-9]'`);
  let moved = 0;
  for (const row of rows) {
    const better = handleFrom(row.title);
    if (better === 'product') continue;
    await db.transaction(async (tx) => {
      const next = await firstFreeHandle(better, (candidates) => takenProductHandles(tx, candidates));
      await tx.update(products).set({ handle: next }).where(eq(products.id, row.id));
      await tx.insert(productHandleRedirects).values({ handle: row.handle, productId: row.id }).onConflictDoNothing();
    });
    moved += 1;
  }
  return moved;
}
