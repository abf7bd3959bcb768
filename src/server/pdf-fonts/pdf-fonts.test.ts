import { inflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { usePdfFonts } from './pdf-fonts';

/** A one-page PDF with `lines` in the shop's two faces (latin1 text of its bytes). */
async function pdfOf(lines: string[]): Promise<string> {
  const doc = new PDFDocument({ size: 'A4', font: null as unknown as string, info: { CreationDate: new Date('2026-11-26T10:00:00Z') } });
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  lines.forEach((line, i) => doc.font(i % 2 === 0 ? 'bold' : 'body').text(line));
  doc.end();
  return (await done).toString('latin1');
}

/** The dictionary and stream of object `n` of `pdf`. */
function objectOf(pdf: string, n: string): { dict: string; stream: Buffer | null } {
  const start = pdf.indexOf(`\n${n} 0 obj`);
  const body = pdf.slice(start, pdf.indexOf('endobj', start));
  const at = body.indexOf('stream\n');
  return { dict: body, stream: at < 0 ? null : Buffer.from(body.slice(at + 7, body.lastIndexOf('\nendstream')), 'latin1') };
}

/**
 * Each embedded face of `pdf`: the widths its CIDs are drawn with (the W array, per 1000 units) and
 * the font file embedded for them.
 */
function embeddedFaces(pdf: string): { widths: number[]; font: Font }[] {
  return [...pdf.matchAll(/\/W \[0 \[([^\]]*)\]\]/g)].map((match) => {
    const cidFont = pdf.slice(pdf.lastIndexOf(' obj', match.index), match.index);
    const descriptor = objectOf(pdf, /\/FontDescriptor (\d+) 0 R/.exec(cidFont)![1]);
    const file = objectOf(pdf, /\/FontFile2 (\d+) 0 R/.exec(descriptor.dict)![1]);
    return { widths: match[1].trim().split(/\s+/).map(Number), font: create(inflateSync(file.stream!)) as Font };
  });
}

/**
 * Whether every face's font file holds the glyphs its widths describe, in that order (an accented
 * letter drawn from parts brings its parts in after them).
 */
function facesMatch(pdf: string): boolean {
  const faces = embeddedFaces(pdf);
  return (
    faces.length === 2 &&
    faces.every(
      ({ widths, font }) =>
        font.numGlyphs >= widths.length &&
        widths.every((width, cid) => Math.abs(font.getGlyph(cid).advanceWidth * (1000 / font.unitsPerEm) - width) < 0.01),
    )
  );
}

describe('the shop PDF fonts', () => {
  it('embed, for each document, the subset of the glyphs it drew, the second time from the kept subsets', async () => {
    const invoice = [
      'Tax invoice',
      'Priya Nair, 4 Jayanagar 4th Block',
      'Grand total',
      '₹2,998.00 (Rupees Two Thousand Nine Hundred Ninety-Eight Only)',
    ];
    const first = await pdfOf(invoice);
    // Another document in between draws other glyphs in another order.
    const other = await pdfOf(['Zoya Qureshi — Ä ö ß', 'Xylophone quiz: 7 jumbo waxy fjords', 'Credit note', '₹1,00,000.50']);
    const again = await pdfOf(invoice);
    expect([first, other, again].map(facesMatch)).toEqual([true, true, true]);
    // The same glyphs in the same order: the same bytes but for the document's random ID.
    const withoutId = (pdf: string) => pdf.replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    expect(withoutId(again)).toBe(withoutId(first));
  });
});
