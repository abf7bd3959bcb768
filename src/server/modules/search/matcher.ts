/**
 * The search that forgives (issue 22; DESIGN.md "search"): turns a shopper's words into a condition
 * on `products` and an order by relevance, for the listing (catalog/service.ts searchProducts) and
 * the header's suggestions (./service.ts).
 *
 * A product matches when every word of the query (core/search.ts searchWords) matches it; a word
 * matches when
 * - the word or its singular is close to a whole word of the title by pg_trgm's strict word
 *   similarity (`%>>`, at the default pg_trgm.strict_word_similarity_threshold of 0.5: "kurtaa"
 *   finds "Kurta", "chikankri" "Chikankari"; with `prefixLastWord`, the last word by plain word
 *   similarity `%>`, which also finds "kur" in "Kurta"), or a word of the description starts with it, or
 * - a word of the title or description starts with a term of the word's synonym group (table
 *   search_synonyms: "sari" finds "Sarees", "lehnga" "Lehenga"), or
 * - the word, its singular or a synonym is a word of the name of an active category the product is
 *   in, or of its parent ("men shirt" finds the shirts of Men), compared singular to singular.
 * Queries with other characters than words (say "100%") also match the old way, the whole text
 * anywhere in the title or description. Each arm is served by the trigram indexes on title and
 * description or by the primary key (query-plans.test.ts), so the statement never reads every product.
 *
 * Relevance: titles starting with the query first, then titles containing it, then by the summed
 * best word similarity of each word's terms to the title, then newest.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { searchWords, singular } from '../../../core/search';
import type { Database } from '../../db/client';
import { categories, productCategories, products, searchSynonyms } from '../../db/schema';

/** At most this many terms per word (the word, its singular, its synonyms): each is two index scans. */
const MAX_TERMS_PER_WORD = 8;

export interface MatchedCategory {
  id: string;
  name: string;
  parentId: string | null;
  parentName: string | null;
  /** How many of the query's words its name or its parent's name carries. */
  words: number;
}

export interface TextMatch {
  /** The condition on `products` (combine with the other filters). */
  where: SQL;
  /** ORDER BY terms for relevance (callers add a final tie-breaker). */
  relevance: SQL[];
  /** Active categories whose own name carries a query word: most words (with the parent's) first, then parents, then shorter names. */
  categories: MatchedCategory[];
}

/** Escapes LIKE wildcards in user text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A SQL text[] of `values`, each a bound parameter. */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Builds the match for `text` (a listing's `q` or a suggestions query). Reads the synonym groups of
 * the query's words and the active categories (two small statements). With `prefixLastWord`, the
 * last word also matches categories whose name has a word starting with it (as-you-type).
 */
export async function matchText(db: Database, text: string, opts: { prefixLastWord?: boolean } = {}): Promise<TextMatch> {
  const phrase = text.trim();
  let words = searchWords(phrase);
  // One-letter words ("t" of "t-shirt") only count when there is nothing else.
  if (words.some((w) => w.length > 1)) words = words.filter((w) => w.length > 1);
  const lookups = [...new Set(words.flatMap((w) => [w, singular(w)]))];
  const [groups, activeCategories] =
    lookups.length > 0
      ? await Promise.all([
          db
            .select({ terms: searchSynonyms.terms })
            .from(searchSynonyms)
            .where(sql`${searchSynonyms.terms} && ${textArray(lookups)}`),
          db
            .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
            .from(categories)
            .where(eq(categories.isActive, true)),
        ])
      : [[], []];

  const nameWords = new Map(activeCategories.map((c) => [c.id, new Set(searchWords(c.name).map(singular))]));
  const byId = new Map(activeCategories.map((c) => [c.id, c]));
  const named = new Map<string, Set<number>>();
  const wordConditions: SQL[] = [];
  const termsOf = (word: string) => {
    const own = [word, singular(word)];
    const synonyms = groups.filter((g) => g.terms.some((t) => own.includes(t))).flatMap((g) => g.terms);
    return [...new Set([...own, ...synonyms])].slice(0, MAX_TERMS_PER_WORD);
  };
  words.forEach((word, index) => {
    const terms = termsOf(word);
    const singulars = new Set(terms.map(singular));
    const prefix = opts.prefixLastWord && index === words.length - 1 && word.length >= 2 ? word : null;
    const direct = activeCategories.filter((c) => {
      const names = nameWords.get(c.id)!;
      return [...names].some((n) => singulars.has(n) || (prefix !== null && n.startsWith(prefix)));
    });
    for (const c of direct) named.set(c.id, (named.get(c.id) ?? new Set()).add(index));
    // A parent category's products are mostly in its children: "men" covers Men's Shirts.
    const directIds = new Set(direct.map((c) => c.id));
    const scope = activeCategories
      .filter((c) => directIds.has(c.id) || (c.parentId !== null && directIds.has(c.parentId)))
      .map((c) => c.id);
    // The shopper's own word (and its singular) may be misspelt: close enough to a whole word of the
    // title by strict word similarity (plain word similarity lets "sari" find "Kalamkari", 0.6). Descriptions are long, so similarity over them costs too much at scale:
    // there, and for the synonyms (the owner's exact spellings, where similarity would let "gents"
    // find "Gentle"), a word of the text must start with the term. ILIKE is what the trigram indexes
    // serve; the regular expression then checks the rows they found. Terms are letters and digits only.
    const own = new Set([word, singular(word)]);
    const startsWord = (column: typeof products.title | typeof products.description, t: string) =>
      sql`(${column} ilike ${`%${t}%`} and ${column} ~* ${`\\m${t}`})`;
    // While typing, the last word is often unfinished ("kur"): plain word similarity compares it with
    // the start of a title word too.
    const similar = (t: string) => (prefix !== null ? sql`${products.title} %> ${t}` : sql`${products.title} %>> ${t}`);
    const arms = terms.flatMap((t) =>
      own.has(t) ? [similar(t), startsWord(products.description, t)] : [startsWord(products.title, t), startsWord(products.description, t)],
    );
    if (scope.length > 0) {
      // = any(array(subquery)): evaluated once, then a primary-key index condition of its own.
      arms.push(
        sql`${products.id} = any(array(select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, scope)}))`,
      );
    }
    wordConditions.push(or(...arms)!);
  });

  const literal = `%${escapeLike(phrase)}%`;
  const needsPhrase = words.length === 0 || /[^\p{L}\p{N}\s'’-]/u.test(phrase);
  const phraseMatch = sql`(${products.title} ilike ${literal} or ${products.description} ilike ${literal})`;
  const where =
    wordConditions.length === 0 ? phraseMatch : needsPhrase ? or(phraseMatch, and(...wordConditions))! : and(...wordConditions)!;

  const scores = words.map((w) => {
    const terms = termsOf(w);
    return terms.length === 1
      ? sql`word_similarity(${terms[0]}, ${products.title})`
      : sql`greatest(${sql.join(
          terms.map((t) => sql`word_similarity(${t}, ${products.title})`),
          sql`, `,
        )})`;
  });
  const tier = sql`case when ${products.title} ilike ${`${escapeLike(phrase)}%`} then 2 when ${products.title} ilike ${literal} then 1 else 0 end`;
  const relevance = [sql`${tier} desc`];
  if (scores.length > 0) relevance.push(sql`(${sql.join(scores, sql` + `)}) desc`);
  relevance.push(sql`${products.createdAt} desc`);

  // A category counts the words its own name and its parent's carry ("men shirt": Men › Shirts has both).
  const matchedCategories = [...named.entries()]
    .map(([id, own]) => {
      const c = byId.get(id)!;
      const words = new Set([...own, ...((c.parentId && named.get(c.parentId)) || [])]).size;
      return { id, name: c.name, parentId: c.parentId, parentName: c.parentId ? (byId.get(c.parentId)?.name ?? null) : null, words };
    })
    .sort(
      (a, b) =>
        b.words - a.words ||
        Number(a.parentId !== null) - Number(b.parentId !== null) ||
        a.name.length - b.name.length ||
        a.name.localeCompare(b.name),
    );
  return { where, relevance, categories: matchedCategories };
}
