// `npm run dev`: the shop in development mode. The server is bundled into build/dev/ and rebuilt
// when its sources change (Node restarts it: --watch); the web app is served by Vite's dev server
// inside it (WEB_DEV=vite, src/server/plugins/ssr.ts), so a change to a page shows in the browser at
// once (hot module replacement), with no production build.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { prepareServerDir, serverBundleOptions } from './lib/server-bundle.mjs';

const outDir = 'build/dev';
prepareServerDir(outDir);
const bundler = await context(serverBundleOptions(outDir));
await bundler.rebuild();
await bundler.watch();

const server = spawn(process.execPath, ['--watch-path=build/dev/main.js', `${outDir}/main.js`], {
  stdio: 'inherit',
  env: { ...process.env, WEB_DEV: 'vite' },
});
const stop = (signal) => {
  server.kill(signal);
  void bundler.dispose();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
