import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BuildOptions } from '../app';
import { errorsPlugin } from '../plugins/errors';
import { createServer } from './server';

/** The instance and its error handler, logging JSON lines into the returned array, with a route that answers and one that fails. */
async function loggingServer(requestLogging: BuildOptions['requestLogging']) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = createServer({
    config: { trustProxy: false } as BuildOptions['config'],
    db: {} as BuildOptions['db'],
    logger: { level: 'info', stream },
    requestLogging,
  });
  await app.register(errorsPlugin);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it("'slow' writes nothing for a quick answer and the failure's line with its request id", async () => {
    const { app, lines } = await loggingServer('slow');
    const ok = await app.inject('/ok');
    expect(ok.statusCode).toBe(200);
    expect(lines).toEqual([]);
    const failed = await app.inject('/boom');
    expect(failed.statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', reqId: failed.headers['x-request-id'] });
    await app.close();
  });

  it("'each' writes the pair of lines of every request, each with its request id", async () => {
    const { app, lines } = await loggingServer('each');
    const ok = await app.inject({ url: '/ok', headers: { 'x-request-id': 'lb-1234-abcd' } });
    expect(ok.headers['x-request-id']).toBe('lb-1234-abcd');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['incoming request', 'lb-1234-abcd'],
      ['request completed', 'lb-1234-abcd'],
    ]);
    await app.close();
  });
});
