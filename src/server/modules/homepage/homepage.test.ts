import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureDemoImageTwins, seedDemoCatalog, seedMediaFolder } from '../../db/seed/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db, { mediaDir: path.join(t.config.dataDir, 'media'), renderImages: false });
});
afterAll(() => t.close());

describe('GET /api/homepage on the demo catalogue', () => {
  it('has a video banner first, 4 Watch & Shop videos with posters and 5 Instagram photos', async () => {
    const home = (await t.app.inject({ method: 'GET', url: '/api/homepage' })).json();
    expect(home.videoBanner).toEqual({
      videoUrl: '/media/demo/videos/hero-wedding-season.mp4',
      posterUrl: '/media/demo/banners/video-banner-poster.webp',
      mobilePosterUrl: '/media/demo/banners/video-banner-poster-phone.webp',
    });
    expect(home.imageBanners).toHaveLength(4);
    // Each banner with its portrait phone picture.
    home.imageBanners.forEach((b: { imageUrl: string; mobileImageUrl: string }, i: number) => {
      expect(b.imageUrl).toBe(`/media/demo/banners/banner-${i + 1}.webp`);
      expect(b.mobileImageUrl).toBe(`/media/demo/banners/banner-${i + 1}-phone.webp`);
    });
    expect(home.videos).toHaveLength(4);
    for (const v of home.videos) {
      expect(v.videoUrl).toMatch(/^\/media\/demo\/videos\/[a-z-]+\.mp4$/);
      expect(v.posterUrl).toMatch(/-poster\.webp$/);
      expect(v.title.length).toBeGreaterThan(5);
    }
    expect(home.instagramPhotos).toHaveLength(5);
    for (const p of home.instagramPhotos) {
      expect(p.postUrl).toMatch(/^https:\/\/www\.instagram\.com\//);
      expect(p.alt.length).toBeGreaterThan(5);
    }
  });
});

describe('demo media', () => {
  it('ships small MP4 clips: each vertical clip at most 150 KB, the hero at most 400 KB, under 600 KB in all', () => {
    const dir = seedMediaFolder();
    const clips = readdirSync(path.join(dir, 'videos')).map((f) => statSync(path.join(dir, 'videos', f)).size);
    expect(clips).toHaveLength(4);
    for (const size of clips) expect(size).toBeLessThanOrEqual(150 * 1024);
    const hero = statSync(path.join(dir, 'hero-wedding-season.mp4')).size;
    expect(hero).toBeLessThanOrEqual(400 * 1024);
    expect(hero + clips.reduce((a, b) => a + b, 0)).toBeLessThan(600 * 1024);
  });

  it('writes the missing 400 px srcset twins of images seeded by an older version', async () => {
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'media-twins-'));
    await mkdir(path.join(mediaDir, 'demo', 'products'), { recursive: true });
    const image = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#e11d48' } })
      .webp()
      .toBuffer();
    await writeFile(path.join(mediaDir, 'demo', 'products', 'kurta-1.webp'), image);
    expect(await ensureDemoImageTwins(mediaDir)).toBe(1);
    const twin = await sharp(path.join(mediaDir, 'demo', 'products', 'kurta-1-400.webp')).metadata();
    expect([twin.width, twin.height]).toEqual([400, 500]);
    expect(await ensureDemoImageTwins(mediaDir)).toBe(0);
    // A banner's portrait phone picture has one size: no twin is made of it.
    await mkdir(path.join(mediaDir, 'demo', 'banners'), { recursive: true });
    await writeFile(path.join(mediaDir, 'demo', 'banners', 'banner-1-phone.webp'), image);
    expect(await ensureDemoImageTwins(mediaDir)).toBe(0);
  });

  it('draws each banner as a small portrait phone picture: 720 x 900 WebP of a few tens of KB', async () => {
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'media-phone-'));
    const app = await createTestApp();
    try {
      await seedDemoCatalog(app.db, { mediaDir });
      const dir = path.join(mediaDir, 'demo', 'banners');
      const phones = readdirSync(dir).filter((f) => f.endsWith('-phone.webp'));
      expect(phones.sort()).toEqual([
        'banner-1-phone.webp',
        'banner-2-phone.webp',
        'banner-3-phone.webp',
        'banner-4-phone.webp',
        'video-banner-poster-phone.webp',
      ]);
      for (const file of phones) {
        const meta = await sharp(path.join(dir, file)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, 900]);
        expect(statSync(path.join(dir, file)).size).toBeLessThanOrEqual(60 * 1024);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
