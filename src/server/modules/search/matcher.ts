/**
 * The search that forgives (docs/architecture.md#storefront): turns a shopper's words into a condition
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
 *   in, or of its parent ("men shirt" finds the shirts of Men), compared singular to singular, or
 * - it matches a word of one of the product's colour names as it would a title word ("maroon
 *   kurta" finds the kurtas that come in maroon; products.colour_words).
 * Queries with other characters than words (say "100%") also match the old way, the whole text
 * anywhere in the title or description.
 *
 * At scale (bench:scale: p99 under 50 ms at 10,000 products) similarity is not computed
 * over the products: the words of every title (the shop's title vocabulary, a few hundred words) are
 * kept in memory with the synonym groups and the active categories (`SearchDictionary`, dropped on
 * every catalogue or synonym change through the response cache's invalidation, on every instance),
 * the shopper's word is compared with that vocabulary by the same pg_trgm operators (a small
 * statement, remembered per word), and the products are then found by exact and prefix word matches
 * on the 'simple' text-search vectors of title and description (stored: products.title_words and
 * description_words), which their GIN indexes answer without reading the rows again
 * (products_title_words_idx, products_description_words_idx; query-plans.test.ts). Similarity over
 * each title and its extents across word boundaries are what this leaves out; a word the vocabulary
 * does not know yet still matches itself exactly.
 *
 * Relevance: titles starting with the query first, then titles containing it, then by the summed
 * best word similarity of each word's terms to the title (1 when the title has one of them as a
 * whole word, which spares computing it for most matches, and when one of the product's colours
 * matches it: a maroon kurta ranks with a "Maroon Kurta"), then newest.
 *
 * Colour names join the vocabulary the shopper's words are compared with (so "marron" finds
 * Maroon), and a word's colour arm is only added when some colour's words match it (most searches
 * name no colour: their statements stay as they were).
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { searchWords, singular } from '../../../core/search';
import type { Database } from '../../db/client';
import { categories, productCategories, products, searchSynonyms } from '../../db/schema';

/** At most this many terms per word (the word, its singular, its synonyms). */
const MAX_TERMS_PER_WORD = 8;
/** The dictionary is read again at least this often, whatever the invalidations (ms). */
const DICTIONARY_MAX_AGE_MS = 60_000;
/** Words whose close title words (and texts whose matches) are remembered, per dictionary; each memo starts over past it. */
const MAX_REMEMBERED_WORDS = 2_000;

export interface MatchedCategory {
  id: string;
  name: string;
  /** Its address, `/category/<handle>`. */
  handle: string;
  parentId: string | null;
  parentName: string | null;
  /** How many of the query's words its name or its parent's name carries. */
  words: number;
}

export interface TextMatch {
  /** The condition on `products` (combine with the other filters). */
  where: SQL;
  /** The keys of relevance, most significant first, each sorted descending (callers add a final tie-breaker). */
  relevance: (SQL | typeof products.createdAt)[];
  /** Active categories whose own name carries a query word: most words (with the parent's) first, then parents, then shorter names. */
  categories: MatchedCategory[];
}

/** What every search reads: kept in memory per database handle (see the module's comment). */
interface SearchDictionary {
  groups: string[][];
  activeCategories: { id: string; name: string; handle: string; parentId: string | null }[];
  /** The distinct words of every product's title, as to_tsvector('simple', title) has them. */
  titleWords: string[];
  /** The distinct words of every product's colour names (products.colour_words). */
  colourWords: string[];
  /** Close title words by word and comparison ('strict:kurtaa' → ['kurta']). */
  closeWords: Map<string, Promise<CloseWord[]>>;
  /** Matches by comparison and text, as matchText built them ('prefix:kur' → its match). */
  matches: Map<string, Promise<TextMatch>>;
}

interface DictionaryHolder {
  current: Promise<SearchDictionary> | null;
  readAt: number;
}
const dictionaries = new WeakMap<Database, DictionaryHolder>();

const holderOf = (db: Database) => {
  let holder = dictionaries.get(db);
  if (!holder) {
    holder = { current: null, readAt: 0 };
    dictionaries.set(db, holder);
  }
  return holder;
};

async function readDictionary(db: Database): Promise<SearchDictionary> {
  const [groups, activeCategories, words, colourWords] = await Promise.all([
    db.select({ terms: searchSynonyms.terms }).from(searchSynonyms),
    db
      .select({ id: categories.id, name: categories.name, handle: categories.handle, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.isActive, true)),
    db.execute<{ word: string }>(sql`select word from ts_stat('select title_words from products')`),
    db.execute<{ word: string }>(sql`select word from ts_stat('select colour_words from products')`),
  ]);
  return {
    groups: groups.map((g) => g.terms),
    activeCategories,
    titleWords: words.rows.map((r) => r.word),
    colourWords: colourWords.rows.map((r) => r.word),
    closeWords: new Map(),
    matches: new Map(),
  };
}

/**
 * The dictionary of `db`: read once (concurrent searches share the read) and kept until forgotten
 * or DICTIONARY_MAX_AGE_MS old. A forgotten read still under way is not kept.
 */
function dictionaryOf(db: Database): Promise<SearchDictionary> {
  const holder = holderOf(db);
  if (!holder.current || Date.now() - holder.readAt > DICTIONARY_MAX_AGE_MS) {
    const pending = readDictionary(db);
    holder.current = pending;
    holder.readAt = Date.now();
    pending.catch(() => {
      if (holder.current === pending) holder.current = null;
    });
  }
  return holder.current;
}

/**
 * Drops what searches on `db` keep in memory (synonym groups, active categories, title words): the
 * next search reads them again. The search routes call it on every response-cache invalidation
 * (catalogue and synonym writes, here or on another instance through Redis).
 */
export function forgetSearchDictionary(db: Database): void {
  holderOf(db).current = null;
}

/** A title word close to a shopper's word, with its word similarity to that word (0 to 1). */
interface CloseWord {
  word: string;
  similarity: number;
}

/**
 * The title words (and colour words) close to `term`: by strict word similarity (`%>>`, whole words), or with
 * `prefix` by word similarity (`%>`, which also takes the start of a word), at pg_trgm's default
 * thresholds, with their word similarity to `term`; computed by PostgreSQL over the dictionary's
 * title words and remembered.
 */
function closeTitleWords(db: Database, dictionary: SearchDictionary, term: string, prefix: boolean): Promise<CloseWord[]> {
  const key = `${prefix ? 'prefix' : 'strict'}:${term}`;
  let found = dictionary.closeWords.get(key);
  if (!found) {
    if (dictionary.closeWords.size >= MAX_REMEMBERED_WORDS) dictionary.closeWords.clear();
    const vocabulary =
      dictionary.colourWords.length > 0 ? [...new Set([...dictionary.titleWords, ...dictionary.colourWords])] : dictionary.titleWords;
    const words = sql`unnest(string_to_array(${vocabulary.join(' ')}, ' '))`;
    const close = prefix ? sql`w %> ${term}` : sql`w %>> ${term}`;
    found = db
      .execute<{ w: string; s: number }>(sql`select w, word_similarity(${term}, w)::float8 as s from ${words} as w where ${close}`)
      .then((r) => r.rows.map((row) => ({ word: row.w, similarity: Number(row.s) })));
    dictionary.closeWords.set(key, found);
    found.catch(() => dictionary.closeWords.delete(key));
  }
  return found;
}

/** A tsquery of `lexemes`, each quoted, with `:*` (a word starting with it) when `prefix`. */
const tsquery = (lexemes: Iterable<string>, prefix: boolean) =>
  [...new Set(lexemes)].map((l) => `'${l.replace(/['\\]/g, (c) => `\\${c}`)}'${prefix ? ':*' : ''}`);

/** Escapes LIKE wildcards in user text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The match for `text` (a listing's `q` or a suggestions query). Reads the dictionary (from memory
 * once read) and, for a word not seen since, its close title words. With `prefixLastWord`, the last
 * word also matches title words and category names starting with it (as-you-type). The match is
 * remembered with the dictionary, so a text searched again gets the very same object (callers key
 * the statements they build from it on that: catalog/service.ts, ./service.ts).
 */
export async function matchText(db: Database, text: string, opts: { prefixLastWord?: boolean } = {}): Promise<TextMatch> {
  const phrase = text.trim();
  let words = searchWords(phrase);
  // One-letter words ("t" of "t-shirt") only count when there is nothing else.
  if (words.some((w) => w.length > 1)) words = words.filter((w) => w.length > 1);
  if (words.length === 0) return buildMatch(db, emptyDictionary(), phrase, words, opts);
  const dictionary = await dictionaryOf(db);
  const key = `${opts.prefixLastWord ? 'prefix' : 'strict'}:${phrase}`;
  let match = dictionary.matches.get(key);
  if (!match) {
    if (dictionary.matches.size >= MAX_REMEMBERED_WORDS) dictionary.matches.clear();
    match = buildMatch(db, dictionary, phrase, words, opts);
    dictionary.matches.set(key, match);
    match.catch(() => dictionary.matches.delete(key));
  }
  return match;
}

const emptyDictionary = (): SearchDictionary => ({
  groups: [],
  activeCategories: [],
  titleWords: [],
  colourWords: [],
  closeWords: new Map(),
  matches: new Map(),
});

/** matchText's work: `words` are the search words of `phrase`. */
async function buildMatch(
  db: Database,
  dictionary: SearchDictionary,
  phrase: string,
  words: string[],
  opts: { prefixLastWord?: boolean },
): Promise<TextMatch> {
  const { groups, activeCategories } = dictionary;

  const nameWords = new Map(activeCategories.map((c) => [c.id, new Set(searchWords(c.name).map(singular))]));
  const byId = new Map(activeCategories.map((c) => [c.id, c]));
  const named = new Map<string, Set<number>>();
  const termsOf = (word: string) => {
    const own = [word, singular(word)];
    const synonyms = groups.filter((g) => g.some((t) => own.includes(t))).flatMap((g) => g);
    return [...new Set([...own, ...synonyms])].slice(0, MAX_TERMS_PER_WORD);
  };
  const closeByWord: CloseWord[][] = [];
  /** Per word, its title query when some product's colour matches it too (else null). */
  const colourQueries: (string | null)[] = [];
  const wordConditions = await Promise.all(
    words.map(async (word, index) => {
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
      // The shopper's own word (and its singular) may be misspelt: the title words close to it (by
      // strict word similarity: plain word similarity lets "sari" find "Kalamkari", 0.6), and itself.
      // While typing, the last word is often unfinished ("kur"): by plain word similarity, which
      // compares it with the start of a title word too, and any title word starting with it.
      // Descriptions are long: there, and for the synonyms (the owner's exact spellings, where
      // similarity would let "gents" find "Gentle"), a word of the text must start with the term.
      const own = terms.filter((t) => t === word || t === singular(word));
      const synonyms = terms.filter((t) => !own.includes(t));
      const close = (await Promise.all(own.map((t) => closeTitleWords(db, dictionary, t, prefix !== null)))).flat();
      closeByWord[index] = close;
      const whole = [...close.map((c) => c.word), ...(prefix === null ? own : [])];
      const starts = [...synonyms, ...(prefix !== null ? own : [])];
      const titleQuery = [...tsquery(whole, false), ...tsquery(starts, true)].join(' | ');
      const arms = [
        sql`${products.titleWords} @@ ${titleQuery}::tsquery`,
        sql`${products.descriptionWords} @@ ${tsquery(terms, true).join(' | ')}::tsquery`,
      ];
      // A colour's words match as a title's do.
      const inColours = dictionary.colourWords.some((w) => whole.includes(w) || starts.some((t) => w.startsWith(t)));
      colourQueries[index] = inColours ? titleQuery : null;
      if (inColours) arms.push(sql`${products.colourWords} @@ ${titleQuery}::tsquery`);
      if (scope.length > 0) {
        // = any(array(subquery)): evaluated once, then a primary-key index condition of its own.
        arms.push(
          sql`${products.id} = any(array(select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, scope)}))`,
        );
      }
      return or(...arms)!;
    }),
  );

  const literal = `%${escapeLike(phrase)}%`;
  const needsPhrase = words.length === 0 || /[^\p{L}\p{N}\s'’-]/u.test(phrase);
  const phraseMatch = sql`(${products.title} ilike ${literal} or ${products.description} ilike ${literal})`;
  const where =
    wordConditions.length === 0 ? phraseMatch : needsPhrase ? or(phraseMatch, and(...wordConditions))! : and(...wordConditions)!;

  // A title with one of the terms as a whole word has word similarity 1 for it (the most there is),
  // one with a close title word the similarity of that word (remembered with it): a look-up in the
  // stored title words (products.title_words) says so for far less than computing the
  // similarity (or than a regular expression over the title), which is left for the other rows
  // (matched by their description or category). Over a whole title the similarity could be a
  // little higher, when the words around the close word share trigrams with the term. Terms no
  // title has as a word (a misspelling) are left out of the expressions, which only save work.
  const knownWords = new Set(dictionary.titleWords);
  const scores = words.map((w, index) => {
    const terms = termsOf(w);
    const best =
      terms.length === 1
        ? sql`word_similarity(${terms[0]}, ${products.title})`
        : sql`greatest(${sql.join(
            terms.map((t) => sql`word_similarity(${t}, ${products.title})`),
            sql`, `,
          )})`;
    const whole = terms.filter((t) => knownWords.has(t));
    const bySimilarity = new Map<number, string[]>([[1, whole]]);
    // A close word that is also a term ("kurti" for "kurta") is already in the first branch.
    for (const c of closeByWord[index] ?? [])
      if (!whole.includes(c.word)) bySimilarity.set(c.similarity, [...(bySimilarity.get(c.similarity) ?? []), c.word]);
    const branches = [...bySimilarity.entries()]
      .filter(([, ws]) => ws.length > 0)
      .sort(([a], [b]) => b - a)
      .map(([similarity, ws]) => sql`when ${products.titleWords} @@ ${tsquery(ws, false).join(' | ')}::tsquery then ${similarity}::real`);
    // A product that comes in the colour the word names: as if its title had the word.
    const colourQuery = colourQueries[index];
    if (colourQuery) branches.unshift(sql`when ${products.colourWords} @@ ${colourQuery}::tsquery then 1::real`);
    return branches.length > 0 ? sql`case ${sql.join(branches, sql` `)} else ${best} end` : best;
  });
  // Where the phrase first occurs in the title, case aside: 1 is the start. The title is stored
  // lower-cased (products.title_lower): lower() of every matched title cost a search at scale a
  // fifth of its statement. A phrase of one word that is in no title word (a misspelling, say) is
  // in no title: the same 0 for every row, so left out.
  const lowerPhrase = phrase.toLowerCase();
  const inSomeTitle = !/^[\p{L}\p{N}]+$/u.test(lowerPhrase) || dictionary.titleWords.some((w) => w.includes(lowerPhrase));
  const relevance: TextMatch['relevance'] = [];
  // The phrase is lower-cased once (a subquery): in a generic plan lower() of a value ran for every
  // matched row (1,357 for "kurta" at 10,000 products: 0.15 of its 1.9 ms, pgbench).
  if (inSomeTitle)
    relevance.push(sql`case strpos(${products.titleLower}, (select lower(${phrase}))) when 0 then 0 when 1 then 2 else 1 end`);
  if (scores.length > 0) relevance.push(sql`(${sql.join(scores, sql` + `)})`);
  relevance.push(products.createdAt);

  // A category counts the words its own name and its parent's carry ("men shirt": Men › Shirts has both).
  const matchedCategories = [...named.entries()]
    .map(([id, own]) => {
      const c = byId.get(id)!;
      const words = new Set([...own, ...((c.parentId && named.get(c.parentId)) || [])]).size;
      return {
        id,
        name: c.name,
        handle: c.handle,
        parentId: c.parentId,
        parentName: c.parentId ? (byId.get(c.parentId)?.name ?? null) : null,
        words,
      };
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
