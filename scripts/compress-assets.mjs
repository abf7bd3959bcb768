// Pre-compresses the browser build: next to every text file of build/client bigger than
// 1 KB (scripts, styles, SVG, JSON, HTML), a .br (brotli, best quality) and a .gz (gzip -9) copy.
// The server sends them to browsers that accept them (@fastify/static `preCompressed`, plugins/ssr.ts),
// so nothing is compressed at request time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'build/client';
const TEXT = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') walk(file);
    } else if (TEXT.test(name) && !name.endsWith('.map')) {
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      files++;
      before += body.length;
      after += br.length;
    }
  }
}

walk(ROOT);
console.log(`Pre-compressed ${files} files in ${ROOT}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli.`);
