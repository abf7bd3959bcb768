// The benchmark's ceilings: bare Fastify routes, one per read scenario, each answering exactly the
// bytes the shop answered that scenario's request (its body as sent, compressed or not, with the
// same headers but those Node writes per connection: bench.mjs picks them), straight from memory,
// in a process of its own. Whatever
// the shop adds on top (hooks, headers, cache lookup, database, rendering) shows as the distance
// between a scenario and its own ceiling (one shared ceiling made a 3 KB product read look
// like 212% of a 42 KB homepage's ceiling).
// Usage: node ceiling-server.mjs --manifest <manifest.json>, the manifest a list of
// {"path": "/ceiling/0", "file": "<body file>", "headers": {"content-type": …, "content-encoding": …}};
// or node ceiling-server.mjs <body file>: that JSON body at GET /api/homepage (bench-scale.mjs).
// Prints {"port": …} once listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [first, second] = process.argv.slice(2);
const routes =
  first === '--manifest'
    ? JSON.parse(readFileSync(second, 'utf8'))
    : [{ path: '/api/homepage', file: first, headers: { 'content-type': 'application/json; charset=utf-8' } }];
const app = Fastify({ logger: false });
for (const { path, file, headers } of routes) {
  const body = readFileSync(file);
  app.get(path, (_request, reply) => {
    reply.headers(headers).send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
