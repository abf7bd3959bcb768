/**
 * Test-only builders of real media bytes (used by the media and catalogue tests; not part of
 * the server bundle): ftyp-boxed MP4/MOV/AVIF/HEIC heads, WebM EBML heads, and sharp-encoded images.
 */
import sharp from 'sharp';

/** An ISO base-media `ftyp` box (MP4, MOV, AVIF, HEIC, M4A) followed by a small `mdat`. */
export function ftyp(major: string, compatible: string[]): Buffer {
  const brands = Buffer.from([major, ...compatible].join(''), 'latin1');
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  brands.copy(box, 8, 0, 4);
  box.writeUInt32BE(0x200, 12);
  brands.copy(box, 16, 4);
  const mdat = Buffer.from([0, 0, 0, 16, 0x6d, 0x64, 0x61, 0x74, 1, 2, 3, 4, 5, 6, 7, 8]);
  return Buffer.concat([box, mdat]);
}

/** The EBML header of a WebM (or, with 'matroska', an MKV) file, padded. */
export function ebml(docType: string): Buffer {
  const doc = Buffer.from(docType, 'latin1');
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x80 | doc.length]),
    doc,
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(32)]);
}

/** A small MP4 file head (isom/avc1), as phones and encoders write it. */
export const mp4Bytes = () => ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']);

/** A real 8x8 image encoded by sharp (libvips), so the bytes are what browsers and phones produce. */
export function realImage(format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#b0413e' } })
    .toFormat(format)
    .toBuffer();
}
