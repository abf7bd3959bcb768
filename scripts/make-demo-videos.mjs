// Makes the demo shop's short MP4 clips once, offline, from the seed's garment artwork:
// 'Watch & Shop' clips (360x640, 5 s) and the hero video banner (960x384, 6 s), each a slow zoom
// whose first frame matches the poster the seed draws. Needs ffmpeg (Debian: apt-get install
// ffmpeg) only when run; the shop itself never needs it. The outputs are committed under
// src/server/db/seed/seed-media/. Run: node scripts/make-demo-videos.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';

const OUT = 'src/server/db/seed/seed-media';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'demo-videos-'));
const entry = path.join(tmp, 'entry.mjs');
await build({
  stdin: {
    contents: `export * from './src/server/db/seed/demo-catalog.ts'; export * from './src/server/db/seed/garment-art.ts';`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  outfile: entry,
  bundle: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
const { demoVideos, demoVideoBanner, renderGarmentSvg, renderBannerSvg } = await import(pathToFileURL(entry).href);

/** Encodes a slow centred zoom (1.0 -> 1.08) over one still into an H.264 MP4 without audio. */
function zoomClip(still, out, { width, height, seconds, crf }) {
  const frames = seconds * 24;
  const filter =
    `zoompan=z='1+0.08*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${width}x${height}:fps=24,` + 'format=yuv420p';
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    still,
    '-vf',
    filter,
    '-frames:v',
    String(frames),
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    'veryslow',
    '-crf',
    String(crf),
    '-movflags',
    '+faststart',
    '-an',
    out,
  ]);
  console.log(`${out}: ${Math.round(statSync(out).size / 1024)} KB`);
}

mkdirSync(path.join(OUT, 'videos'), { recursive: true });
for (const video of demoVideos) {
  const still = path.join(tmp, `${video.key}.png`);
  await sharp(Buffer.from(renderGarmentSvg(video.art, 1080, 1920, 'frame')))
    .png()
    .toFile(still);
  zoomClip(still, path.join(OUT, 'videos', `${video.key}.mp4`), { width: 360, height: 640, seconds: 5, crf: 30 });
}
const heroStill = path.join(tmp, 'hero.png');
await sharp(Buffer.from(renderBannerSvg(demoVideoBanner, 2880, 1152)))
  .png()
  .toFile(heroStill);
zoomClip(heroStill, path.join(OUT, demoVideoBanner.file), { width: 960, height: 384, seconds: 6, crf: 31 });
rmSync(tmp, { recursive: true, force: true });
