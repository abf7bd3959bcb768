import { describe, expect, it } from 'vitest';
import { activeFilters, clearedQuery, hasFilters, listingSearch, readListingQuery, sameSearch } from './listing-url';

const read = (search: string) => readListingQuery(new URLSearchParams(search));

describe('listing URLs', () => {
  it('reads repeated and comma-separated sizes and ignores empty fields', () => {
    const q = read('?q=&sizes=m&sizes=XL,L&minPrice=&maxPrice=2000&sort=price-asc');
    expect(q).toMatchObject({ sizes: ['M', 'XL', 'L'], maxPrice: 2000, sort: 'price-asc', page: 1 });
    expect(q.q).toBeUndefined();
    expect(q.minPrice).toBeUndefined();
  });

  it('writes one canonical spelling: defaults left out, sizes in size order, name first', () => {
    const q = read('?page=2&sizes=XL,M&q=silk saree&sort=relevance');
    expect(listingSearch(q, { name: 'Kurtas & Kurtis' })).toBe('?name=Kurtas+%26+Kurtis&q=silk+saree&sizes=M,XL&page=2');
    expect(listingSearch(read(''))).toBe('');
  });

  it('round-trips: reading the canonical string gives the same query', () => {
    const q = read('?q=ikat&sort=price-desc&sizes=S,M&minPrice=500&maxPrice=2500.5&page=3');
    expect(read(listingSearch(q))).toEqual(q);
  });

  it('compares query strings by content, not spelling', () => {
    expect(sameSearch('?name=Kurtas%20%26%20Kurtis', '?name=Kurtas+%26+Kurtis')).toBe(true);
    expect(sameSearch('?sizes=M%2CL', '?sizes=M,L')).toBe(true);
    expect(sameSearch('?sizes=M&sizes=L', '?sizes=M,L')).toBe(false);
  });

  it('lists removable filters and clears them keeping the sort', () => {
    const q = read('?q=kurta&sizes=M,L&maxPrice=1500&sort=price-asc&page=2');
    expect(hasFilters(q)).toBe(true);
    const chips = activeFilters(q);
    expect(chips.map((c) => c.label)).toEqual(['“kurta”', 'Size M', 'Size L', 'Up to ₹1500']);
    expect(listingSearch(chips[1].without)).toBe('?q=kurta&sort=price-asc&sizes=L&maxPrice=1500');
    expect(listingSearch(clearedQuery(q))).toBe('?sort=price-asc');
    expect(hasFilters(clearedQuery(q))).toBe(false);
  });

  it('sorts a search by relevance unless another order is chosen, and drops relevance with the search', () => {
    const q = read('?q=sari');
    expect(q.sort).toBe('relevance');
    expect(listingSearch(q)).toBe('?q=sari');
    expect(listingSearch(read('?q=sari&sort=newest'))).toBe('?q=sari&sort=newest');
    expect(read('?sort=relevance').sort).toBe('newest');
    expect(listingSearch(read('?sort=relevance'))).toBe('');
    expect(listingSearch(activeFilters(read('?q=sari&sizes=M'))[0].without)).toBe('?sizes=M');
    expect(listingSearch(clearedQuery(read('?q=sari&sort=price-desc')))).toBe('?sort=price-desc');
    expect(listingSearch(clearedQuery(q))).toBe('');
  });

  it('reads colours repeated or comma-separated in their address form, one canonical order, and clears them', () => {
    const q = read('?colours=Maroon&colours=bottle green,indigo,maroon&sizes=M');
    expect(q.colours).toEqual(['bottle-green', 'indigo', 'maroon']);
    expect(listingSearch(q)).toBe('?sizes=M&colours=bottle-green,indigo,maroon');
    expect(read(listingSearch(q))).toEqual(q);
    expect(hasFilters(read('?colours=indigo'))).toBe(true);
    const chips = activeFilters(q, new Map([['maroon', 'Maroon']]));
    expect(chips.map((c) => c.label)).toEqual(['Size M', 'bottle-green', 'indigo', 'Maroon']);
    expect(listingSearch(chips[3].without)).toBe('?sizes=M&colours=bottle-green,indigo');
    expect(listingSearch(clearedQuery(q))).toBe('');
  });
});
