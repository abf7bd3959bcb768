/**
 * Strips what a photo says about where and how it was taken (docs/decisions/0021-upload-limits.md
 * "Photo metadata"): EXIF (camera, time, GPS position), XMP, IPTC and comments. A phone's photo of
 * a returned kurta otherwise carries the shopper's home coordinates to whoever sees it. Uses sharp
 * (libvips): its output keeps no metadata unless `withMetadata()`/`keepExif()` is asked for
 * (https://sharp.pixelplumbing.com/api-output#keepmetadata), so re-encoding in the same format is
 * the stripping. The EXIF orientation is applied to the pixels first (`rotate()`), so the photo
 * still stands the right way up without it. Images without such metadata are kept byte for byte.
 */
import { writeFile } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { loadSharp } from './sharp';

/**
 * The largest image decoded, in pixels (width x height): 60 megapixels covers 50MP phone cameras
 * and bounds the memory a decoded upload takes (about 180MB for 60MP RGB).
 */
export const MAX_IMAGE_PIXELS = 60_000_000;

/** Thrown when the bytes start like an image but libvips cannot read them as one (or it is too large in pixels). */
export class UnreadableImageError extends Error {}

/**
 * Rewrites `file` (an uploaded image of format `ext`: jpg, png, gif, webp or avif) without its
 * metadata, in the same format and size, when it carries EXIF, XMP, IPTC or comments; leaves it
 * untouched otherwise. Throws UnreadableImageError when the file cannot be read as an image.
 */
export async function stripImageMetadata(file: string, ext: string): Promise<void> {
  const sharp = await loadSharp();
  const open = () => sharp(file, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    throw new UnreadableImageError((err as Error).message);
  }
  const carries = Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length);
  if (!carries) return;
  try {
    let image = open();
    // Multi-frame images (animated GIF/WebP) have no EXIF orientation to apply, and libvips cannot rotate them.
    if ((meta.pages ?? 1) === 1) image = image.rotate();
    const out = await (
      ext === 'jpg'
        ? image.jpeg({ quality: 90 })
        : ext === 'webp'
          ? image.webp({ quality: 90 })
          : ext === 'png'
            ? image.png()
            : ext === 'gif'
              ? image.gif()
              : image.avif()
    ).toBuffer();
    await writeFile(file, out);
  } catch (err) {
    throw new UnreadableImageError((err as Error).message);
  }
}
