import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EMPTY_CSV, NOT_A_CSV, readCsv, type CsvRow } from './csv';

async function all(input: string | Readable) {
  const csv = await readCsv(input);
  const rows: CsvRow[] = [];
  for await (const row of csv.rows) rows.push(row);
  return { header: csv.header, rows, skipped: csv.skipped };
}

describe('readCsv', () => {
  it('reads quoted fields over several lines, commas and doubled quotes, and says where each row starts', async () => {
    const text = 'Handle,Title,Body (HTML)\r\nkurta,"Kurta, indigo","<p>Soft ""mul"" cotton</p>\r\n<p>Hand block</p>"\r\nkurta,,\r\n';
    const expected = [
      { line: 2, cells: { Handle: 'kurta', Title: 'Kurta, indigo', 'Body (HTML)': '<p>Soft "mul" cotton</p>\n<p>Hand block</p>' } },
      { line: 4, cells: { Handle: 'kurta', Title: '', 'Body (HTML)': '' } },
    ];
    const { header, rows } = await all(text);
    expect(header).toEqual(['Handle', 'Title', 'Body (HTML)']);
    expect(rows).toEqual(expected);
    // The same file with Unix line ends, and split mid-line-end into chunks, reads the same.
    expect((await all(text.replace(/\r\n/g, '\n'))).rows).toEqual(expected);
    expect(await all(Readable.from(text.match(/[\s\S]{1,7}/g)!.map((c) => Buffer.from(c))))).toMatchObject({ rows: expected });
  });

  it('drops the byte order mark and reads a stream', async () => {
    const { header, rows } = await all(Readable.from([Buffer.from('\uFEFFURL handle,SKU\nkurta,RM-1\n')]));
    expect(header).toEqual(['URL handle', 'SKU']);
    expect(rows[0]).toEqual({ line: 2, cells: { 'URL handle': 'kurta', SKU: 'RM-1' } });
  });

  it('refuses an empty file and one that is not a CSV', async () => {
    await expect(readCsv('')).rejects.toMatchObject({ statusCode: 400, message: EMPTY_CSV });
    await expect(readCsv('\u0000\u0001PK\u0003\u0004,\u0000\n')).rejects.toMatchObject({ statusCode: 400, message: NOT_A_CSV });
  });

  it('skips a row with a stray quote, names its line, and reads on', async () => {
    const { rows, skipped } = await all('Handle,Title\nkurta,"Ku"rta"\nshirt,Shirt\n');
    expect(rows).toEqual([{ line: 3, cells: { Handle: 'shirt', Title: 'Shirt' } }]);
    expect(skipped).toEqual([{ line: 2, message: 'a quote inside a field is not doubled ("")' }]);
  });

  it('names the line where a quote opens and never closes', async () => {
    const { rows, skipped } = await all('Handle,Title\nkurta,Kurta\nshirt,"Shirt\ndress,Dress\n');
    expect(rows).toEqual([{ line: 2, cells: { Handle: 'kurta', Title: 'Kurta' } }]);
    expect(skipped).toEqual([{ line: 3, message: 'a quoted field is never closed, so the rest of the file is one field' }]);
  });
});
