/**
 * The listing API's query string: the fields the browser's listing URLs carry, read by
 * parseListingQuery (core/listing.ts), so a bad or unknown value falls back to its default instead
 * of a 400, exactly as on the listing pages.
 */
import { z } from 'zod';
import { parseListingQuery, SORTS } from '../listing';

// Each field as documented; a bad or repeated field (an array) counts as absent.
const field = (description: string) => z.string().optional().catch(undefined).describe(description);

export const listingQuerySchema = z
  .object({
    q: field('Search words (at most 100 characters)'),
    sort: z.enum(SORTS).optional().catch(undefined).describe('Order; newest by default'),
    sizes: field('Comma-separated sizes, e.g. M,L'),
    colours: field('Comma-separated colours in their address form, e.g. maroon,bottle-green: products with one of them in stock'),
    minPrice: field('Lowest price in rupees'),
    maxPrice: field('Highest price in rupees'),
    page: field('Page, from 1'),
    limit: field('Products per page, 1 to 100 (24 by default)'),
  })
  .transform(parseListingQuery);

/** GET /api/products/count and /api/categories/{id}/products/count. */
export const listingCountSchema = z.object({ count: z.number().int().min(0).describe('Active products matching the filters') });
