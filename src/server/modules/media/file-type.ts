/**
 * Detects an uploaded file's type from its first bytes ("type must be image /
 * video"), never from its name or declared type. Only formats a browser can show are accepted:
 * JPEG, PNG, GIF, WebP, AVIF images; MP4, QuickTime (MOV) and WebM videos. HEIC is recognised but
 * refused (most browsers cannot show it); SVG is refused (it can carry script).
 */

export type MediaKind = 'image' | 'video';

export interface DetectedType {
  kind: MediaKind;
  /** Cloudinary-style format name, also the stored file's extension. */
  format: 'jpg' | 'png' | 'gif' | 'webp' | 'avif' | 'mp4' | 'mov' | 'webm';
  mime: string;
}

/** How many leading bytes `detectFileType` wants to see (fewer only when the file is shorter). */
export const SNIFF_BYTES = 64;

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, Math.min(end, buf.length)));

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/** ISO base media (ftyp box at offset 4): AVIF, HEIC, QuickTime or MP4; null for audio or unknown. */
function detectFtyp(head: Uint8Array): DetectedType | 'heic' | null {
  const size = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
  const major = ascii(head, 8, 12);
  // Compatible brands follow the minor version (offset 16) up to the end of the box.
  const brands = [major];
  for (let at = 16; at + 4 <= Math.min(size || head.length, head.length); at += 4) brands.push(ascii(head, at, at + 4));
  if (brands.includes('avif') || brands.includes('avis')) return { kind: 'image', format: 'avif', mime: 'image/avif' };
  if (HEIC_BRANDS.has(major)) return 'heic';
  if (major === 'qt  ') return { kind: 'video', format: 'mov', mime: 'video/quicktime' };
  if (AUDIO_BRANDS.has(major)) return null;
  if (/^[\x20-\x7e]{4}$/.test(major)) return { kind: 'video', format: 'mp4', mime: 'video/mp4' };
  return null;
}

/**
 * The type of a file from its first bytes (pass at least SNIFF_BYTES when the file has them), or
 * null when it is not an accepted image or video. Signatures: JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A
 * 1A 0A; GIF "GIF87a"/"GIF89a"; WebP "RIFF" + size + "WEBP"; AVIF/MP4/MOV an "ftyp" box at offset 4;
 * WebM the EBML magic 1A 45 DF A3 with DocType "webm".
 */
export function detectFileType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpg', mime: 'image/jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', format: 'png', mime: 'image/png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', format: 'gif', mime: 'image/gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp', mime: 'image/webp' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const found = detectFtyp(head);
    return found === 'heic' ? null : found;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(head, 4, head.length).includes('webm')) {
    return { kind: 'video', format: 'webm', mime: 'video/webm' };
  }
  return null;
}
