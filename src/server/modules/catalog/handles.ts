/**
 * Handles made from titles (docs/architecture.md#product-addresses): transliterated to ASCII by
 * any-ascii (Devanagari, Tamil, Bengali and the other Indian scripts too), then lower-cased words
 * joined by hyphens; a clash takes -2, -3, ...
 */
import anyAscii from 'any-ascii';
import { HANDLE_MAX } from '../../../core/handles';

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
