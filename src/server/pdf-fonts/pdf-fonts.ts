/**
 * The fonts every PDF of the shop is set in (invoices, credit notes, packing slips, labels): Noto Sans
 * Regular and Bold (SIL Open Font License 1.1, LICENSE-OFL.txt beside them), cut down by
 * scripts/subset-pdf-fonts.mjs to Latin, Latin-1, Latin Extended-A, punctuation and the rupee sign
 * (₹). A character outside those (a name typed in Devanagari, say) prints as an empty box, as it did
 * with the full Latin/Greek/Cyrillic face. The files sit next to this module in the source tree and
 * next to the bundle once built (scripts/lib/server-bundle.mjs copies them).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, type Font, type Glyph, type GlyphRun, type Subset } from 'fontkit';

/** The subset files, as `scripts/subset-pdf-fonts.mjs` writes them. */
export const PDF_FONT_FILES = ['noto-sans-latin-regular.ttf', 'noto-sans-latin-bold.ttf'] as const;

let fonts: { regular: Font; bold: Font } | null = null;

/** Words kept laid out per face (a word and its trailing space each); the cache is emptied when full. */
const LAYOUT_CACHE_WORDS = 5000;

/**
 * Gives `font` a layout cache shared by every document: pdfkit lays text out word by word
 * (EmbeddedFont.layout splits at spaces) and caches words per document only, so each invoice shaped
 * its labels ('Taxable', 'value', 'GSTIN:' …) again through fontkit's GSUB/GPOS lookups, most of a
 * PDF's CPU. A word without extra features always shapes the same, so the first run is kept; pdfkit
 * scales a run's positions in place (EmbeddedFont.layoutRun), so each caller gets its own positions.
 */
function withSharedLayoutCache(font: Font): Font {
  const shape = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text: string, ...rest: unknown[]): GlyphRun => {
    if (rest.some((arg) => arg !== undefined)) return (shape as (...args: unknown[]) => GlyphRun)(text, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUT_CACHE_WORDS) runs.clear();
      run = shape(text);
      runs.set(text, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, {
      glyphs: run.glyphs.slice(),
      positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset })),
    });
  };
  return font;
}

/** Encoded subsets kept per face (about 20 KB each), the least recently used out first. */
const SUBSET_CACHE_ENTRIES = 64;

/**
 * Gives `font` a cache of encoded subsets shared by every document: pdfkit embeds each
 * document's own subset of a face, and fontkit builds it anew every time (each glyph decoded and
 * every table written), 40% of an invoice's CPU. A subset is the glyphs in the order the document
 * first used them, and the same glyphs in the same order always encode to the same bytes, so the
 * bytes are kept by that order. Invoices set the same labels first, so many share their subsets: 59%
 * of the subsets under the checkout bench (each order of another product, amount and reference).
 */
function withSharedSubsets(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  const encoded = new Map<string, Uint8Array>();
  font.createSubset = (): Subset => {
    const subset = createSubset();
    // @types/fontkit says includeGlyph answers a boolean; fontkit answers the glyph's id in the subset.
    const include = subset.includeGlyph.bind(subset) as unknown as (glyph: Glyph | number) => number;
    const encode = subset.encode.bind(subset);
    // The subset starts with glyph 0 (fontkit's missing glyph); then each new glyph's id, in order.
    const ids = [0];
    Object.assign(subset, {
      includeGlyph(glyph: Glyph | number): number {
        const cid = include(glyph);
        if (cid === ids.length) ids.push(typeof glyph === 'number' ? glyph : glyph.id);
        return cid;
      },
      encode(): Uint8Array {
        const key = ids.join(',');
        let bytes = encoded.get(key);
        if (bytes) encoded.delete(key);
        else {
          bytes = encode();
          if (encoded.size >= SUBSET_CACHE_ENTRIES) encoded.delete(encoded.keys().next().value!);
        }
        encoded.set(key, bytes);
        return bytes;
      },
    });
    return subset;
  };
  return font;
}

const face = (file: (typeof PDF_FONT_FILES)[number]) =>
  withSharedSubsets(withSharedLayoutCache(create(readFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)))) as Font));

/**
 * Registers the two faces on `doc` as 'body' and 'bold'. The files are read and parsed once per
 * process: pdfkit takes a parsed fontkit font as well as the file's bytes (PDFFontFactory.open), and
 * parsing for every document made each one several times slower to draw.
 * Throws only when the font files are missing (a broken build).
 */
export function usePdfFonts(doc: PDFKit.PDFDocument): void {
  fonts ??= { regular: face(PDF_FONT_FILES[0]), bold: face(PDF_FONT_FILES[1]) };
  // @types/pdfkit lists file sources only; pdfkit also accepts the parsed font (see above).
  doc.registerFont('body', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
}
