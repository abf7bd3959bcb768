/**
 * A CSV sent as a multipart upload (the `file` field, like the media uploads), read into memory
 * up to a cap and handed to readCsv (docs/architecture.md#moving-in-from-shopify). Reading the
 * whole file first means a file over the cap is refused before any row is written.
 * Register @fastify/multipart in the routes' own scope before calling it.
 */
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError, badRequest } from '../../errors';
import { readCsv, type CsvReader } from './csv';

export const CHOOSE_A_CSV = 'Please choose a CSV file to upload';

/** True for the multipart plugin's and busboy's errors about the request itself. */
function isMalformedMultipart(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return (
    Boolean(code?.startsWith('FST_')) ||
    /Unexpected end of (form|multipart data)|Malformed part header|terminated early|Boundary not found/i.test(message ?? '')
  );
}

/**
 * Reads the request's `file` part (at most `maxBytes` bytes) as a CSV and resolves with what
 * `read` makes of it. Throws 400 CHOOSE_A_CSV without a file, 400 for an unreadable upload or a
 * file that is not a CSV (readCsv), 413 naming the cap for a larger file.
 */
export async function readUploadedCsv<T>(request: FastifyRequest, maxBytes: number, read: (reader: CsvReader) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw badRequest(CHOOSE_A_CSV);
  let content: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(CHOOSE_A_CSV);
        content = await part.toBuffer();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `The file is larger than ${Math.round(maxBytes / 1_000_000)} MB: split it in parts`);
    }
    if (!isMalformedMultipart(err)) throw err;
    request.log.info({ err }, 'unreadable CSV upload');
    throw badRequest('The upload could not be read');
  }
  if (content === null) throw badRequest(CHOOSE_A_CSV);
  return read(await readCsv(Readable.from([content])));
}
