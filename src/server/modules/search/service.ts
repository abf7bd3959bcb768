/**
 * Search: the owner's synonym groups (admin CRUD) and the header's as-you-type
 * suggestions. Matching itself lives in ./matcher.ts. Throws AppError: 404 unknown group, 409 a
 * word that is already in another group (a word belongs to one group, so what it finds is plain).
 */
import { productPath } from '../../../core/addresses';
import { and, asc, desc, ne, sql } from 'drizzle-orm';
import { toRupees } from '../../../core/money';
import {
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  type AdminSynonym,
  type SearchSuggestions,
  type SynonymBody,
} from '../../../core/schemas/search';
import { productImages, products, searchSynonyms } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { keptStatements, prepareKept, type Database, type Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/record';
import { matchText, type TextMatch } from './matcher';

type SynonymRow = typeof searchSynonyms.$inferSelect;

const shape = (row: SynonymRow): AdminSynonym => ({ _id: row.id, terms: row.terms, updatedAt: row.updatedAt.toISOString() });

/** GET /api/admin/search-synonyms: every group, by its first word. */
export async function listSynonyms(db: Database): Promise<AdminSynonym[]> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(sql`${searchSynonyms.terms}[1]`), asc(searchSynonyms.id));
  return rows.map(shape);
}

/** Refuses (409) words already in another group than `exceptId`. */
async function ensureTermsFree(db: Tx, terms: string[], exceptId?: string): Promise<void> {
  const clash = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(
      and(
        sql`${searchSynonyms.terms} && array[${sql.join(
          terms.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`,
        exceptId ? ne(searchSynonyms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash.length > 0) {
    const taken = terms.filter((t) => clash[0].terms.includes(t)).map((t) => `“${t}”`);
    // '“sari” already belongs', '“sari” and “saree” already belong', '“a”, “b” and “c” already belong'.
    const words = taken.length > 1 ? `${taken.slice(0, -1).join(', ')} and ${taken[taken.length - 1]}` : taken[0];
    const verb = taken.length > 1 ? 'belong' : 'belongs';
    throw conflict(`${words} already ${verb} to the group ${clash[0].terms.join(', ')}. Edit that group instead.`);
  }
}

/** POST /api/admin/search-synonyms: a new group. */
export async function createSynonym(db: Database, body: SynonymBody, actor: AuditActor): Promise<AdminSynonym> {
  return db.transaction(async (tx) => {
    await ensureTermsFree(tx, body.terms);
    const [row] = await tx.insert(searchSynonyms).values({ terms: body.terms }).returning();
    await recordAudit(tx, actor, {
      action: 'synonym.create',
      entity: 'synonym',
      entityId: row.id,
      summary: `Added the search synonyms ${row.terms.join(', ')}`,
      changes: { terms: { before: null, after: row.terms } },
    });
    return shape(row);
  });
}

/** PUT /api/admin/search-synonyms/{id}: replaces a group's words. */
export async function updateSynonym(db: Database, id: string, body: SynonymBody, actor: AuditActor): Promise<AdminSynonym> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(searchSynonyms)
      .where(sql`${searchSynonyms.id} = ${id}`)
      .for('update');
    if (!before) throw notFound('Synonym group not found');
    await ensureTermsFree(tx, body.terms, id);
    const [row] = await tx
      .update(searchSynonyms)
      .set({ terms: body.terms, updatedAt: new Date() })
      .where(sql`${searchSynonyms.id} = ${id}`)
      .returning();
    if (JSON.stringify(before.terms) !== JSON.stringify(row.terms)) {
      await recordAudit(tx, actor, {
        action: 'synonym.update',
        entity: 'synonym',
        entityId: id,
        summary: `Changed the search synonyms ${before.terms.join(', ')} to ${row.terms.join(', ')}`,
        changes: { terms: { before: before.terms, after: row.terms } },
      });
    }
    return shape(row);
  });
}

/** DELETE /api/admin/search-synonyms/{id}. */
export async function deleteSynonym(db: Database, id: string, actor: AuditActor): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(searchSynonyms)
      .where(sql`${searchSynonyms.id} = ${id}`)
      .returning();
    if (!row) throw notFound('Synonym group not found');
    await recordAudit(tx, actor, {
      action: 'synonym.delete',
      entity: 'synonym',
      entityId: id,
      summary: `Deleted the search synonyms ${row.terms.join(', ')}`,
      changes: { terms: { before: row.terms, after: null } },
    });
    return { message: 'Synonym group deleted' };
  });
}

/**
 * GET /api/search/suggestions: for `text` of 2 to 100 characters, up to SUGGESTED_PRODUCTS listed
 * products by relevance (title, lowest price in rupees, first picture, link) and up to
 * SUGGESTED_CATEGORIES active categories named by the words (the last word may be unfinished).
 */
export async function searchSuggestions(db: Database, text: string | undefined): Promise<SearchSuggestions> {
  const q = text?.trim() ?? '';
  if (q.length < 2 || q.length > 100) return { products: [], categories: [] };
  const match = await matchText(db, q, { prefixLastWord: true });
  const rows = await suggestionStatements(db, q, match, () => buildSuggestions(db, match)).execute();
  return {
    products: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      price: toRupees(r.pricePaise ?? 0),
      image: r.imageUrl ? { url: r.imageUrl, alt: r.imageAlt || r.title } : null,
      href: productPath(r),
    })),
    categories: match.categories.slice(0, SUGGESTED_CATEGORIES).map((c) => ({
      _id: c.id,
      name: c.name,
      parentName: c.parentName,
      href: `/category/${encodeURIComponent(c.handle)}`,
    })),
  };
}

/** Suggestion statements kept by text (as typed, letter by letter, they repeat across shoppers). */
const suggestionStatements = keptStatements<ReturnType<typeof buildSuggestions>>(500);

/**
 * The statement of searchSuggestions' products for `match`, prepared with its text named (see
 * keptStatements, prepareKept): the words are parameters, so suggestions of the same shape share
 * one named statement, whose generic plan finds them through the word indexes (query-plans.test.ts).
 */
function buildSuggestions(db: Database, match: TextMatch) {
  // The product's first picture (the index on product_images (product_id, position) serves it).
  const firstImage = (column: 'url' | 'alt') =>
    sql<
      string | null
    >`(select pi.${sql.identifier(column)} from ${productImages} pi where pi.product_id = ${products}.id order by pi.position limit 1)`;
  const statement = db
    .select({
      id: products.id,
      title: products.title,
      handle: products.handle,
      pricePaise: products.minPricePaise,
      imageUrl: firstImage('url'),
      imageAlt: firstImage('alt'),
    })
    .from(products)
    .where(and(sql`${products.isActive} and ${products.minPricePaise} is not null`, match.where))
    .orderBy(...match.relevance.map((key) => desc(key)), asc(products.id))
    .limit(SUGGESTED_PRODUCTS);
  return prepareKept(statement, true);
}
