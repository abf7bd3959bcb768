import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { heroBanners, instagramPhotos, testimonials, verticalVideos } from '../../db/schema';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const BASE = '/api/admin/homepage';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
const homepage = async () => (await t.app.inject('/api/homepage')).json();

describe('hero banners', () => {
  beforeEach(async () => {
    await t.db.delete(heroBanners);
  });

  it('adds, lists, edits, toggles and deletes a banner; the homepage follows at once', async () => {
    const added = await call('POST', `${BASE}/banners`, {
      mediaType: 'image',
      imageUrl: '/media/hero/one.webp',
      publicId: 'hero_images/one',
    });
    expect(added.statusCode).toBe(201);
    const banner = added.json();
    expect(banner).toMatchObject({
      mediaType: 'image',
      imageUrl: '/media/hero/one.webp',
      videoUrl: null,
      alt: 'Hero Media',
      isActive: true,
      publicId: 'hero_images/one',
      sortOrder: 0,
    });
    expect(banner._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(banner.createdAt).toISOString()).toBe(banner.createdAt);
    expect((await homepage()).imageBanners.map((b: { _id: string }) => b._id)).toEqual([banner._id]);

    const edited = await call('PUT', `${BASE}/banners/${banner._id}`, {
      ...banner,
      alt: 'Festive edit',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/festive.jpg',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      _id: banner._id,
      alt: 'Festive edit',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/festive.jpg',
      sortOrder: 0,
    });

    // The card's toggle resends the whole saved item with isActive flipped.
    const off = await call('PUT', `${BASE}/banners/${banner._id}`, { ...edited.json(), isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await homepage()).imageBanners).toEqual([]);
    const list = await call('GET', `${BASE}/banners`);
    expect(list.json()).toEqual([off.json()]);
    const on = await call('PUT', `${BASE}/banners/${banner._id}`, { ...off.json(), isActive: true });
    expect((await homepage()).imageBanners).toEqual([
      {
        _id: banner._id,
        link: null,
        imageUrl: 'https://res.cloudinary.com/demo/image/upload/festive.jpg',
        mobileImageUrl: null,
        alt: 'Festive edit',
      },
    ]);
    expect(on.json().isActive).toBe(true);

    const video = (
      await call('POST', `${BASE}/banners`, { mediaType: 'video', videoUrl: '/media/hero/loop.mp4', posterUrl: '/media/hero/loop.webp' })
    ).json();
    expect((await homepage()).videoBanner).toEqual({
      videoUrl: '/media/hero/loop.mp4',
      posterUrl: '/media/hero/loop.webp',
      mobilePosterUrl: null,
    });

    const deleted = await call('DELETE', `${BASE}/banners/${banner._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Hero media deleted successfully' });
    expect((await call('GET', `${BASE}/banners`)).json().map((b: { _id: string }) => b._id)).toEqual([video._id]);
    expect((await homepage()).imageBanners).toEqual([]);
  });

  it('keeps an optional portrait phone picture for an image and as a video poster', async () => {
    const image = await call('POST', `${BASE}/banners`, {
      mediaType: 'image',
      imageUrl: '/media/hero/wide.webp',
      mobileImageUrl: '/media/hero/tall.webp',
      mobilePublicId: 'hero_images/tall',
    });
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({ mobileImageUrl: '/media/hero/tall.webp', mobilePublicId: 'hero_images/tall' });
    const video = await call('POST', `${BASE}/banners`, {
      mediaType: 'video',
      videoUrl: '/media/hero/clip.mp4',
      posterUrl: '/media/hero/poster.webp',
      mobileImageUrl: '/media/hero/poster-tall.webp',
    });
    expect(video.statusCode).toBe(201);
    let home = await homepage();
    expect(home.imageBanners).toEqual([
      { _id: image.json()._id, link: null, imageUrl: '/media/hero/wide.webp', mobileImageUrl: '/media/hero/tall.webp', alt: 'Hero Media' },
    ]);
    expect(home.videoBanner).toEqual({
      videoUrl: '/media/hero/clip.mp4',
      posterUrl: '/media/hero/poster.webp',
      mobilePosterUrl: '/media/hero/poster-tall.webp',
    });

    // Removed: '' means none, and its public id goes with it.
    const removed = await call('PUT', `${BASE}/banners/${image.json()._id}`, { ...image.json(), mobileImageUrl: '' });
    expect(removed.json()).toMatchObject({ mobileImageUrl: null, mobilePublicId: null });
    home = await homepage();
    expect(home.imageBanners[0].mobileImageUrl).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const body = { mediaType: 'image', imageUrl: '/media/a.webp' };
    for (const id of [MISSING_ID, 'not-an-id', "1' or '1'='1"]) {
      expect((await call('PUT', `${BASE}/banners/${encodeURIComponent(id)}`, body)).statusCode).toBe(404);
      expect((await call('DELETE', `${BASE}/banners/${encodeURIComponent(id)}`)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `${BASE}/banners/${MISSING_ID}`)).json().message).toBe('Hero media not found');
  });

  it("refuses bad bodies with the spec's messages", async () => {
    const cases: [object, string, string][] = [
      [{ mediaType: 'image' }, 'imageUrl', 'Please select a media file'],
      [{ mediaType: 'image', imageUrl: '' }, 'imageUrl', 'Please select a media file'],
      [{ mediaType: 'video', imageUrl: '/media/a.webp' }, 'videoUrl', 'Please select a media file'],
      [{ mediaType: 'gif', imageUrl: '/media/a.gif' }, 'mediaType', 'Please select a valid image or video file'],
      [{ imageUrl: '/media/a.webp' }, 'mediaType', 'Please select a valid image or video file'],
      [{ mediaType: 'image', imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Media URL must be an http(s) URL or a /media/ path'],
      [{ mediaType: 'image', imageUrl: '/media/../../etc/passwd' }, 'imageUrl', 'Media URL must be an http(s) URL or a /media/ path'],
      [{ mediaType: 'image', imageUrl: '//evil.example/a.webp' }, 'imageUrl', 'Media URL must be an http(s) URL or a /media/ path'],
      [{ mediaType: 'image', imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', 'Media URL must be an http(s) URL or a /media/ path'],
      [
        { mediaType: 'image', imageUrl: '/media/a.webp', mobileImageUrl: 'javascript:alert(1)' },
        'mobileImageUrl',
        'Media URL must be an http(s) URL or a /media/ path',
      ],
      [{ mediaType: 'image', imageUrl: '/media/a.webp', sortOrder: -1 }, 'sortOrder', 'Sort order must be a whole number of 0 or more'],
      [{ mediaType: 'image', imageUrl: '/media/a.webp', sortOrder: 1.5 }, 'sortOrder', 'Sort order must be a whole number of 0 or more'],
      [
        { mediaType: 'image', imageUrl: '/media/a.webp', link: 'javascript:alert(1)' },
        'link',
        'Link must be a site path or an http(s) URL',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', `${BASE}/banners`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    expect((await call('POST', `${BASE}/banners`, { mediaType: 'image' })).json().message).toBe('Please select a media file');
    expect(await t.db.select().from(heroBanners)).toEqual([]);
  });

  it('allows 1 video and 4 images on add, and when a banner changes type', async () => {
    const images = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', `${BASE}/banners`, { mediaType: 'image', imageUrl: `/media/hero/${i}.webp` });
      expect(res.statusCode).toBe(201);
      images.push(res.json());
    }
    // Without a sortOrder each new image goes last.
    expect(images.map((b) => b.sortOrder)).toEqual([0, 1, 2, 3]);
    const fifth = await call('POST', `${BASE}/banners`, { mediaType: 'image', imageUrl: '/media/hero/5.webp' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe('Maximum 4 image banners allowed');

    expect((await call('POST', `${BASE}/banners`, { mediaType: 'video', videoUrl: '/media/hero/a.mp4' })).statusCode).toBe(201);
    const second = await call('POST', `${BASE}/banners`, { mediaType: 'video', videoUrl: '/media/hero/b.mp4' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Only 1 video banner allowed');
    // Inactive items still count.
    await call('PUT', `${BASE}/banners/${images[0]._id}`, { ...images[0], isActive: false });
    expect((await call('POST', `${BASE}/banners`, { mediaType: 'image', imageUrl: '/media/hero/6.webp' })).statusCode).toBe(409);

    const switched = await call('PUT', `${BASE}/banners/${images[1]._id}`, {
      ...images[1],
      mediaType: 'video',
      videoUrl: '/media/hero/c.mp4',
    });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().message).toBe('Only 1 video banner allowed');
    // Editing within the same type is never blocked by the limit.
    expect((await call('PUT', `${BASE}/banners/${images[1]._id}`, { ...images[1], alt: 'Still an image' })).statusCode).toBe(200);
  });

  it('orders the image banners in one call and the homepage shows that order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call('POST', `${BASE}/banners`, { mediaType: 'image', imageUrl: `/media/hero/${i}.webp` })).json()._id);
    const video = (await call('POST', `${BASE}/banners`, { mediaType: 'video', videoUrl: '/media/hero/a.mp4' })).json();

    const res = await call('PUT', `${BASE}/banners/order`, { ids: [ids[2], ids[0]] });
    expect(res.statusCode).toBe(200);
    // Listed first in the given order, then the one left out; the video keeps its place.
    const images = res.json().filter((b: { mediaType: string }) => b.mediaType === 'image');
    expect(images.map((b: { _id: string; sortOrder: number }) => [b._id, b.sortOrder])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect((await homepage()).imageBanners.map((b: { _id: string }) => b._id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(
      (await call('GET', `${BASE}/banners`))
        .json()
        .filter((b: { mediaType: string }) => b.mediaType === 'image')
        .map((b: { _id: string }) => b._id),
    ).toEqual([ids[2], ids[0], ids[1]]);

    const withVideo = await call('PUT', `${BASE}/banners/order`, { ids: [video._id, ids[0]] });
    expect(withVideo.statusCode).toBe(400);
    expect(withVideo.json().message).toBe('Only image banners can be ordered');
    expect((await call('PUT', `${BASE}/banners/order`, { ids: [MISSING_ID] })).statusCode).toBe(404);
    // A malformed id is refused by validation (the shared idField), naming the field.
    const malformed = await call('PUT', `${BASE}/banners/order`, { ids: ['nope'] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid banner id', errors: { 'ids.0': 'Invalid banner id' } });
    const dup = await call('PUT', `${BASE}/banners/order`, { ids: [ids[0], ids[0]] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Each banner may appear only once');
    expect((await call('PUT', `${BASE}/banners/order`, { ids: [] })).statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/banners/order`, {})).statusCode).toBe(400);
  });
});

describe('vertical videos', () => {
  beforeEach(async () => {
    await t.db.delete(verticalVideos);
  });

  it('adds with a trimmed title and optional poster, edits, toggles and deletes; the homepage follows', async () => {
    const added = await call('POST', `${BASE}/videos`, {
      videoUrl: '/media/videos/drape.mp4',
      videoPublicId: 'vertical_videos/drape',
      title: '  How to drape a saree  ',
    });
    expect(added.statusCode).toBe(201);
    const video = added.json();
    expect(video).toMatchObject({
      videoUrl: '/media/videos/drape.mp4',
      videoPublicId: 'vertical_videos/drape',
      posterUrl: null,
      posterPublicId: null,
      title: 'How to drape a saree',
      isActive: true,
    });
    expect((await homepage()).videos).toEqual([
      { _id: video._id, videoUrl: '/media/videos/drape.mp4', posterUrl: null, title: 'How to drape a saree' },
    ]);

    const edited = await call('PUT', `${BASE}/videos/${video._id}`, {
      ...video,
      posterUrl: '/media/posters/drape.webp',
      posterPublicId: 'video_posters/drape',
    });
    expect(edited.json()).toMatchObject({ posterUrl: '/media/posters/drape.webp', posterPublicId: 'video_posters/drape' });
    const off = await call('PUT', `${BASE}/videos/${video._id}`, { ...edited.json(), isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await homepage()).videos).toEqual([]);
    expect((await call('GET', `${BASE}/videos`)).json()).toEqual([off.json()]);

    const second = (await call('POST', `${BASE}/videos`, { videoUrl: 'https://res.cloudinary.com/demo/video/upload/b.mp4' })).json();
    expect(second.title).toBe('');
    // Newest first.
    expect((await call('GET', `${BASE}/videos`)).json().map((v: { _id: string }) => v._id)).toEqual([second._id, video._id]);

    expect((await call('DELETE', `${BASE}/videos/${video._id}`)).json()).toEqual({ message: 'Video deleted successfully' });
    expect((await call('DELETE', `${BASE}/videos/${video._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/videos/bad-id`, { videoUrl: '/media/a.mp4' })).statusCode).toBe(404);
  });

  it("refuses a missing video and bad URLs with the spec's messages", async () => {
    for (const body of [{}, { videoUrl: '' }, { videoUrl: '   ' }, { title: 'x' }]) {
      const res = await call('POST', `${BASE}/videos`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.videoUrl).toBe('Please select a video');
    }
    const badPoster = await call('POST', `${BASE}/videos`, { videoUrl: '/media/a.mp4', posterUrl: 'javascript:alert(1)' });
    expect(badPoster.json().errors.posterUrl).toBe('Media URL must be an http(s) URL or a /media/ path');
  });

  it('allows at most 4', async () => {
    for (let i = 0; i < 4; i++) expect((await call('POST', `${BASE}/videos`, { videoUrl: `/media/v${i}.mp4` })).statusCode).toBe(201);
    const fifth = await call('POST', `${BASE}/videos`, { videoUrl: '/media/v5.mp4' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe('Maximum 4 vertical videos allowed');
  });
});

describe('Instagram photos', () => {
  beforeEach(async () => {
    await t.db.delete(instagramPhotos);
  });

  it('adds with the default alt, edits, toggles and deletes; the homepage follows', async () => {
    const added = await call('POST', `${BASE}/instagram`, {
      imageUrl: '/media/insta/1.webp',
      postUrl: 'https://www.instagram.com/p/C0ffee/',
      publicId: 'instagram_photos/1',
    });
    expect(added.statusCode).toBe(201);
    const photo = added.json();
    expect(photo).toMatchObject({
      imageUrl: '/media/insta/1.webp',
      postUrl: 'https://www.instagram.com/p/C0ffee/',
      alt: 'Instagram Photo',
      isActive: true,
      publicId: 'instagram_photos/1',
    });
    expect((await homepage()).instagramPhotos).toEqual([
      { _id: photo._id, imageUrl: '/media/insta/1.webp', postUrl: 'https://www.instagram.com/p/C0ffee/', alt: 'Instagram Photo' },
    ]);

    const off = await call('PUT', `${BASE}/instagram/${photo._id}`, { ...photo, isActive: false, alt: 'Diwali look' });
    expect(off.json()).toMatchObject({ isActive: false, alt: 'Diwali look' });
    expect((await homepage()).instagramPhotos).toEqual([]);
    expect((await call('GET', `${BASE}/instagram`)).json()).toEqual([off.json()]);
    expect((await call('DELETE', `${BASE}/instagram/${photo._id}`)).json()).toEqual({ message: 'Photo deleted successfully' });
    expect((await call('GET', `${BASE}/instagram`)).json()).toEqual([]);
    expect(
      (await call('PUT', `${BASE}/instagram/${MISSING_ID}`, { imageUrl: '/media/a.webp', postUrl: 'https://instagram.com/p/x' }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses missing or bad fields with the spec's messages", async () => {
    const cases: [object, string, string][] = [
      [{ postUrl: 'https://instagram.com/p/x' }, 'imageUrl', 'Please select an image'],
      [{ imageUrl: '', postUrl: 'https://instagram.com/p/x' }, 'imageUrl', 'Please select an image'],
      [{ imageUrl: '/media/a.webp' }, 'postUrl', 'Instagram Post URL is required'],
      [{ imageUrl: '/media/a.webp', postUrl: '  ' }, 'postUrl', 'Instagram Post URL is required'],
      [{ imageUrl: '/media/a.webp', postUrl: 'instagram.com/p/x' }, 'postUrl', 'Please enter a valid Instagram Post URL'],
      [{ imageUrl: '/media/a.webp', postUrl: 'javascript:alert(1)' }, 'postUrl', 'Please enter a valid Instagram Post URL'],
      [{ imageUrl: '/media/a.webp', postUrl: '/media/a' }, 'postUrl', 'Please enter a valid Instagram Post URL'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', `${BASE}/instagram`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('allows at most 5', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', `${BASE}/instagram`, { imageUrl: `/media/i${i}.webp`, postUrl: `https://instagram.com/p/${i}` })).statusCode,
      ).toBe(201);
    }
    const sixth = await call('POST', `${BASE}/instagram`, { imageUrl: '/media/i6.webp', postUrl: 'https://instagram.com/p/6' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('Maximum 5 Instagram photos allowed');
  });
});

describe('testimonials', () => {
  beforeEach(async () => {
    await t.db.delete(testimonials);
  });

  const valid = { authorName: 'Meera Iyer', content: 'The chanderi kurta fits beautifully and the colour is true to the photos.' };

  it('adds with rating 5 by default, edits, toggles and deletes; the homepage follows', async () => {
    const added = await call('POST', `${BASE}/testimonials`, { ...valid, authorName: '  Meera Iyer ', authorHandle: '@meera' });
    expect(added.statusCode).toBe(201);
    const item = added.json();
    expect(item).toMatchObject({ authorName: 'Meera Iyer', authorHandle: '@meera', content: valid.content, rating: 5, isActive: true });
    expect((await homepage()).testimonials).toEqual([
      { _id: item._id, authorName: 'Meera Iyer', authorHandle: '@meera', imageUrl: null, content: valid.content, rating: 5 },
    ]);
    const edited = await call('PUT', `${BASE}/testimonials/${item._id}`, { ...item, rating: 4 });
    expect(edited.json().rating).toBe(4);
    const off = await call('PUT', `${BASE}/testimonials/${item._id}`, { ...edited.json(), isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await homepage()).testimonials).toEqual([]);
    expect((await call('GET', `${BASE}/testimonials`)).json()).toEqual([off.json()]);
    expect((await call('DELETE', `${BASE}/testimonials/${item._id}`)).json()).toEqual({ message: 'Testimonial deleted successfully' });
    expect((await call('DELETE', `${BASE}/testimonials/${item._id}`)).statusCode).toBe(404);
  });

  it("checks name, content and rating with the spec's messages; 500 characters is allowed", async () => {
    const cases: [object, string, string][] = [
      [{ content: valid.content }, 'authorName', 'Author name is required'],
      [{ ...valid, authorName: '   ' }, 'authorName', 'Author name is required'],
      [{ ...valid, authorName: 'M' }, 'authorName', 'Name must be at least 2 characters'],
      [{ authorName: 'Meera' }, 'content', 'Testimonial content is required'],
      [{ ...valid, content: '' }, 'content', 'Testimonial content is required'],
      [{ ...valid, content: 'Too short' }, 'content', 'Content must be at least 10 characters'],
      [{ ...valid, content: 'x'.repeat(501) }, 'content', 'Content must be less than 500 characters'],
      [{ ...valid, rating: 0 }, 'rating', 'Rating must be between 1 and 5 stars'],
      [{ ...valid, rating: 6 }, 'rating', 'Rating must be between 1 and 5 stars'],
      [{ ...valid, rating: 3.5 }, 'rating', 'Rating must be between 1 and 5 stars'],
      [{ ...valid, rating: '5' }, 'rating', 'Rating must be between 1 and 5 stars'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', `${BASE}/testimonials`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toBe(message);
    }
    const exactly500 = await call('POST', `${BASE}/testimonials`, { ...valid, content: 'x'.repeat(500), rating: 1 });
    expect(exactly500.statusCode).toBe(201);
    expect(exactly500.json()).toMatchObject({ rating: 1 });
    expect(exactly500.json().content).toHaveLength(500);
  });

  it('refuses NUL characters with a 400 instead of failing in the database', async () => {
    const res = await call('POST', `${BASE}/testimonials`, { ...valid, content: 'Lovely fabric\u0000, fits well' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content).toBe('Text contains invalid characters');
    const photo = await call('POST', `${BASE}/instagram`, {
      imageUrl: 'https://cdn.example/a\u0000.webp',
      postUrl: 'https://instagram.com/p/x',
    });
    expect(photo.statusCode).toBe(400);
  });

  it('allows at most 10', async () => {
    for (let i = 0; i < 10; i++) expect((await call('POST', `${BASE}/testimonials`, valid)).statusCode).toBe(201);
    const eleventh = await call('POST', `${BASE}/testimonials`, valid);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('Maximum 10 testimonials allowed');
  });
});
