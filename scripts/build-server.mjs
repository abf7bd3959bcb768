// Bundles the Fastify server into build/node/main.js (scripts/lib/server-bundle.mjs).
import { build } from 'esbuild';
import { prepareServerDir, serverBundleOptions } from './lib/server-bundle.mjs';

prepareServerDir('build/node');
await build(serverBundleOptions('build/node'));
