/**
 * Search calls: the admin synonyms body (POST/PUT /api/admin/search-synonyms, also the
 * admin form's schema), the shapes the admin list and the header's suggestions answer, and the
 * suggestions query string.
 */
import { z } from 'zod';
import { MAX_SYNONYM_TERMS, normalizeTerm, SYNONYM_TERM_RE } from '../search';

const termField = z
  .string({ error: 'Each synonym must be text' })
  .transform(normalizeTerm)
  .refine((t) => t.length >= 2 && t.length <= 30, 'Each synonym must be 2 to 30 characters')
  .refine((t) => SYNONYM_TERM_RE.test(t), 'Each synonym must be one word of letters or digits, without spaces or punctuation');

/** A synonym group: 2 to 12 distinct one-word terms, stored lower-case. */
export const synonymInputSchema = z.object({
  terms: z
    .array(termField, { error: 'Synonyms must be a list of words' })
    .transform((terms) => [...new Set(terms)])
    .refine((terms) => terms.length >= 2, 'Give at least two different words')
    .refine((terms) => terms.length <= MAX_SYNONYM_TERMS, `Give at most ${MAX_SYNONYM_TERMS} words`),
});
export type SynonymBody = z.infer<typeof synonymInputSchema>;

/** A synonym group as the admin API shows it. */
export const adminSynonymSchema = z.object({
  _id: z.string(),
  terms: z.array(z.string()),
  updatedAt: z.string(),
});
export type AdminSynonym = z.infer<typeof adminSynonymSchema>;

/** GET /api/search/suggestions?q=: fewer than 2 characters, or more than 100, suggest nothing. */
export const suggestionsQuerySchema = z.object({
  q: z.string().optional().catch(undefined).describe('What the shopper has typed so far (2 to 100 characters)'),
});

/** What the header's search box offers while typing. */
export const suggestionsSchema = z.object({
  products: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      /** Lowest active variant price, rupees. */
      price: z.number(),
      image: z.object({ url: z.string(), alt: z.string() }).nullable(),
      /** The product page. */
      href: z.string(),
    }),
  ),
  categories: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      parentName: z.string().nullable(),
      /** The category page. */
      href: z.string(),
    }),
  ),
});
export type SearchSuggestions = z.infer<typeof suggestionsSchema>;

/** Suggestions: at most this many products and categories. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 4;
