import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type';
import { ebml, ftyp, realImage } from './test-fixtures';

describe('detectFileType', () => {
  it.each([
    ['png', 'png', 'image/png'],
    ['jpeg', 'jpg', 'image/jpeg'],
    ['webp', 'webp', 'image/webp'],
    ['avif', 'avif', 'image/avif'],
    ['gif', 'gif', 'image/gif'],
  ] as const)('recognises a real %s image', async (encoder, format, mime) => {
    expect(detectFileType(await realImage(encoder))).toEqual({ kind: 'image', format, mime });
  });

  it('recognises MP4, QuickTime and WebM videos', () => {
    expect(detectFileType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toEqual({
      kind: 'video',
      format: 'mp4',
      mime: 'video/mp4',
    });
    expect(detectFileType(ftyp('mp42', ['mp42', 'isom']))?.format).toBe('mp4');
    expect(detectFileType(ftyp('qt  ', ['qt  ']))).toEqual({ kind: 'video', format: 'mov', mime: 'video/quicktime' });
    expect(detectFileType(ebml('webm'))).toEqual({ kind: 'video', format: 'webm', mime: 'video/webm' });
  });

  it('tells AVIF from MP4 by the brands of the ftyp box', () => {
    expect(detectFileType(ftyp('mif1', ['mif1', 'avif', 'miaf']))?.format).toBe('avif');
    expect(detectFileType(ftyp('avif', ['mif1', 'miaf']))?.format).toBe('avif');
  });

  it('refuses HEIC, audio-only MP4 and Matroska that is not WebM', () => {
    expect(detectFileType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(detectFileType(ftyp('mif1', ['mif1', 'heic']))).toBeNull();
    expect(detectFileType(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(detectFileType(ebml('matroska'))).toBeNull();
  });

  it('refuses text, SVG, HTML, PDF, empty and truncated files', () => {
    expect(detectFileType(Buffer.from('just some notes, renamed to photo.jpg\n'))).toBeNull();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectFileType(Buffer.from('<!doctype html><html></html>'))).toBeNull();
    expect(detectFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBeNull();
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
    expect(detectFileType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectFileType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79]))).toBeNull();
  });
});
