// The benchmark's ceiling: a bare Fastify route answering GET /api/homepage with the same bytes the
// shop answers, straight from memory, in its own process. Whatever the shop adds on top (hooks,
// headers, cache lookup, database) shows as the distance to this.
// Usage: node ceiling-server.mjs <body file> ; prints {"port": …} once listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/api/homepage', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
