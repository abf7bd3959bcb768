/**
 * Rasterisation of the offline-generated SVG artwork (see `garment-art.ts`) to WebP via sharp,
 * loaded on first use (modules/media/sharp.ts).
 */
import { loadSharp } from '../../modules/media/sharp';

/**
 * Rasterises an SVG string to WebP (quality ~78) at its own size; returns the bytes.
 * `effort: 2` roughly halves encode time versus the default (4) for ~5% larger files, which keeps
 * seeding the whole demo catalogue within a few seconds on a 2-core machine.
 */
export async function svgToWebp(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 78, effort: 2 }).toBuffer();
}

/**
 * Rasterises many SVGs to WebP with bounded parallelism (libvips work runs off the main thread,
 * so 2-3 in flight uses both cores); results keep the input order.
 */
export async function svgsToWebp(svgs: string[], concurrency = 3): Promise<Buffer[]> {
  const out = new Array<Buffer>(svgs.length);
  let next = 0;
  const worker = async () => {
    while (next < svgs.length) {
      const i = next++;
      out[i] = await svgToWebp(svgs[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, svgs.length)) }, worker));
  return out;
}

/** Scales a rendered image down to `width` (height follows) as WebP: the smaller `srcset` candidate. */
export async function resizeWebp(image: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image).resize({ width }).webp({ quality: 78, effort: 2 }).toBuffer();
}
