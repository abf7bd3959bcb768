/**
 * Reading an uploaded CSV (docs/architecture.md#moving-in-from-shopify) with csv-parse, streamed:
 * RFC 4180 quoting (fields spanning lines, commas, doubled quotes), UTF-8 with or without a byte
 * order mark, Windows or Unix line ends. Rows come out as objects keyed by the header's names,
 * each with the line it starts on (1 is the header), so a problem names its line.
 */
import { parse, type Options } from 'csv-parse';
import { Readable, Transform } from 'node:stream';
import { badRequest } from '../../errors';

/** One data row: its cells by header name, and the file line it starts on. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** A row the file spells wrong (an unclosed or stray quote): skipped, with its line and why. */
export interface CsvProblem {
  line: number;
  message: string;
}

/** A CSV's header (names trimmed, in file order), its rows read lazily, and the rows skipped so far. */
export interface CsvReader {
  header: string[];
  rows: AsyncIterable<CsvRow>;
  /** Complete once `rows` has been read to its end. */
  skipped: CsvProblem[];
}

/** The answer for a file that is not a CSV at all (binary, or no header row). */
export const NOT_A_CSV = 'This file is not a CSV: export it from Shopify again, or save it as CSV (UTF-8).';
export const EMPTY_CSV = 'This file is empty: it has no header row.';

const PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed, so the rest of the file is one field',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled ("")',
};

/** Windows line ends as Unix ones (a CR split from its LF across chunks included), so lines count alike. */
function unixLineEnds(): Transform {
  let carry = '';
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _enc, done) {
      let text = carry + chunk.toString('latin1');
      carry = text.endsWith('\r') ? '\r' : '';
      if (carry) text = text.slice(0, -1);
      done(null, Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1'));
    },
    flush(done) {
      done(null, carry ? Buffer.from(carry, 'latin1') : null);
    },
  });
}

type Parsed = { record: string[]; line: number };

/**
 * Opens `input` (a file stream or a string) as a CSV; resolves once the header is read. Throws 400
 * EMPTY_CSV for an empty file, 400 NOT_A_CSV for binary content or a header that cannot be read.
 * A row the file spells wrong is skipped and listed in `skipped` with its line; reading goes on.
 */
export async function readCsv(input: Readable | string): Promise<CsvReader> {
  const skipped: CsvProblem[] = [];
  let lastEnd = 0;
  const options: Options<Parsed, string[]> = {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (record, { lines }): Parsed => {
      // `lines` is the line the record ends on; its fields' own line breaks say where it began.
      const line = lines - record.reduce((n, field) => n + field.split('\n').length - 1, 0);
      lastEnd = lines;
      return { record, line };
    },
  };
  // csv-parse types a hook that reshapes the record only with `columns`; the records here stay arrays.
  const parser = parse(options as unknown as Options);
  parser.on('skip', (err: Error & { code?: string }) => {
    skipped.push({ line: lastEnd + 1, message: PROBLEMS[err.code ?? ''] ?? 'this row could not be read' });
  });
  const source = typeof input === 'string' ? Readable.from([Buffer.from(input)]) : input;
  source.pipe(unixLineEnds()).pipe(parser);
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<Parsed>;
  let first: IteratorResult<Parsed>;
  try {
    first = await iterator.next();
  } catch {
    throw badRequest(NOT_A_CSV);
  }
  if (first.done) throw badRequest(skipped.length ? NOT_A_CSV : EMPTY_CSV);
  const header = first.value.record.map((name) => name.trim());
  if (header.some((name) => name.includes('\u0000')) || header.every((name) => name === '')) throw badRequest(NOT_A_CSV);
  async function* rows(): AsyncIterable<CsvRow> {
    for (;;) {
      const step = await iterator.next();
      if (step.done) return;
      const cells: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name !== '' && !(name in cells)) cells[name] = step.value.record[i] ?? '';
      });
      yield { line: step.value.line, cells };
    }
  }
  return { header, rows: rows(), skipped };
}
