import { describe, expect, it } from 'vitest';
import { readCsv, type CsvRow } from './csv';
import { mapColumns } from './shopify-columns';
import { descriptionText, groupsByHandle, normaliseSize, planProduct } from './shopify-rows';

// Shopify rows to products without the database (docs/architecture.md#moving-in-from-shopify).

async function groups(text: string) {
  const csv = await readCsv(text);
  const map = mapColumns(csv.header);
  const clashes: unknown[] = [];
  const out: CsvRow[][] = [];
  for await (const group of groupsByHandle(csv.rows, map, (p) => clashes.push(p))) out.push(group);
  return { map, out, clashes };
}

describe('Shopify rows', () => {
  it('matches both header generations by name, any case, and lists the columns it does not read', () => {
    const current = mapColumns(['URL handle', 'Title', 'option1 NAME', 'Vendor', 'HSN code (product.metafields.custom.hsn)']);
    expect(current).toMatchObject({
      generation: 'current',
      missing: [],
      ignored: ['Vendor'],
      hsnColumn: 'HSN code (product.metafields.custom.hsn)',
    });
    expect(current.columns.option1Name).toBe('option1 NAME');
    const older = mapColumns(['Handle', 'Title', 'Body (HTML)', 'Variant Price', 'Image Src']);
    expect(older.generation).toBe('older');
    expect(older.columns).toMatchObject({ handle: 'Handle', description: 'Body (HTML)', price: 'Variant Price', imageUrl: 'Image Src' });
    expect(mapColumns(['Name', 'Email']).missing).toEqual(['URL handle (or Handle)', 'Title']);
  });

  it('groups rows by handle; a handle seen again after another product is a clash', async () => {
    const { out, clashes } = await groups('Handle,Title\na,A\na,\nb,B\na,again\n');
    expect(out.map((g) => g.map((r) => r.line))).toEqual([[2, 3], [4]]);
    expect(clashes).toEqual([{ line: 5, column: 'Handle', message: expect.stringContaining('already appeared from line 2') }]);
  });

  it('upper-cases SKUs, as the catalogue stores every SKU; one the form would refuse is a problem', async () => {
    const { map, out } = await groups(
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\nk,Kurta,Size,S,kurta-s.1,499\nk,,,M,Kurta M,499\n',
    );
    const { plan, problems } = planProduct(out[0], map, { options: {} });
    expect(plan).toBeNull();
    expect(problems).toEqual([{ line: 3, column: 'Variant SKU', message: expect.stringContaining('SKU "KURTA M" may use letters') }]);
    const ok = planProduct(
      (await groups('Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\nk,Kurta,Size,S,kurta-s.1,499\n')).out[0],
      map,
      {
        options: {},
      },
    );
    expect(ok.plan?.variants.map((v) => v.sku)).toEqual(['KURTA-S.1']);
  });

  it('"Title / Default Title" is a product without options, which needs a Size here', async () => {
    const { map, out } = await groups('Handle,Title,Option1 Name,Option1 Value,Variant Price\nbag,Bag,Title,Default Title,499\n');
    expect(planProduct(out[0], map, { options: {} }).problems).toEqual([
      { line: 2, column: 'Option1 Name', message: 'This product has no Size option: every product here comes in sizes XS to XXL' },
    ]);
  });

  it('an option mapped to ignore with one value is dropped; the owner may map it to Colour', async () => {
    const text =
      'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price\nk,K,Shade,Rust,Size,M,499\nk,,,Rust,,L,499\n';
    const { map, out } = await groups(text);
    expect(planProduct(out[0], map, { options: { shade: 'ignore' } }).plan?.colours).toEqual([]);
    expect(planProduct(out[0], map, { options: {} }).plan?.colours).toEqual(['Rust']);
  });

  it('turns sizes written as words into XS..XXL', () => {
    expect(['Small', 'medium', 'X-Large', '2XL', 'xs', 'Free size'].map(normaliseSize)).toEqual(['S', 'M', 'XL', 'XXL', 'XS', null]);
  });

  it('turns description HTML into readable text with paragraphs and bullets', () => {
    const html =
      '<h2>About</h2><p>Soft <em>mul</em> cotton &amp; hand block print.</p><ul><li>Hand wash</li><li>Dry in shade</li></ul><script>alert(1)</script><img src="x.jpg"><p><a href="https://old.example">Size guide</a></p>';
    expect(descriptionText(html)).toBe('About\n\nSoft mul cotton & hand block print.\n\n• Hand wash\n• Dry in shade\n\nSize guide');
  });
});
