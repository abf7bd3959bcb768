/**
 * Words of a product search (docs/decisions/0014-forgiving-search.md), shared by the server's matcher and the
 * admin synonyms form: how a query splits into words, how a word is reduced to its singular for
 * comparing with category names, and the synonym groups a new shop starts with. Plain TypeScript.
 */

/** Words too common to narrow a search ("kurta for men" searches kurta and men). */
const STOP_WORDS = new Set(['a', 'an', 'and', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** At most this many words of a query count; the rest are ignored (each word is a few index scans). */
export const MAX_SEARCH_WORDS = 6;

/**
 * The words of a search: lower-cased, NFKC-normalised, split on anything but letters and digits,
 * a possessive 's dropped ("men's" is "men"), stop words dropped, at most MAX_SEARCH_WORDS.
 */
export function searchWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s(?![\p{L}\p{N}])/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A word's singular by English plural rules good enough for apparel names: "dresses" → "dress",
 * "sarees" → "saree", "kurtis" → "kurti", "mens" → "men"; words of three letters or fewer and
 * words ending in "ss" stay as they are.
 */
export function singular(word: string): string {
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** A synonym term: one word of letters or digits, 2 to 30 characters, lower case (`normalizeTerm` makes it so). */
export const SYNONYM_TERM_RE = /^[\p{Ll}\p{Lo}\p{N}]{2,30}$/u;
/** How many terms a synonym group may hold. */
export const MAX_SYNONYM_TERMS = 12;

/** A term as stored: trimmed, NFKC-normalised, lower-cased. */
export const normalizeTerm = (term: string) => term.normalize('NFKC').trim().toLowerCase();

/**
 * The synonym groups a new shop starts with (migration 0011 inserts them; the owner edits them in
 * /admin/search-synonyms): Indian-apparel words with their common spellings and regional names.
 */
export const DEFAULT_SYNONYMS: readonly (readonly string[])[] = [
  ['saree', 'sari', 'saaree'],
  ['kurta', 'kurti', 'kurtha'],
  ['lehenga', 'lehnga', 'lehanga', 'lengha', 'lahenga'],
  ['ghagra', 'ghaghra', 'ghagara', 'chaniya'],
  ['dupatta', 'chunni', 'chunri', 'odhni', 'duppatta'],
  ['salwar', 'shalwar', 'salvar'],
  ['kameez', 'kamiz', 'kameej'],
  ['pyjama', 'pajama', 'payjama', 'pyjamas', 'pajamas'],
  ['churidar', 'churidaar', 'chudidar'],
  ['palazzo', 'palazo', 'plazzo', 'palazzos'],
  ['sherwani', 'sherwaani', 'shervani'],
  ['anarkali', 'anarkalli', 'anarakali'],
  ['kanjeevaram', 'kanjivaram', 'kanchipuram', 'kancheepuram', 'kanjeevram'],
  ['chikankari', 'chikan', 'chikenkari'],
  ['bandhani', 'bandhej', 'bandhni', 'bandini'],
  ['dhoti', 'dhothi', 'veshti', 'vesti', 'mundu'],
  ['jutti', 'juti', 'mojari', 'jootis'],
  ['tee', 'tshirt', 'tees'],
  ['men', 'gents', 'mens'],
  ['women', 'ladies', 'womens'],
];
