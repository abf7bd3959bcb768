import { describe, expect, it } from 'vitest';
import { mediaKindOf, validateMediaFile } from './media-upload';

const MB = 1024 * 1024;
const file = (type: string, bytes: number, name = 'upload') => new File([new Uint8Array(bytes)], name, { type });

describe('validateMediaFile', () => {
  it('gives the spec message of the folder for a wrong kind', () => {
    expect(validateMediaFile(file('text/plain', 10), 'hero_images')).toBe('Please select a valid image or video file');
    expect(validateMediaFile(file('image/png', 10), 'vertical_videos')).toBe('Please select a valid video file');
    expect(validateMediaFile(file('video/mp4', 10), 'video_posters')).toBe('Please select a valid image file for poster');
    expect(validateMediaFile(file('video/mp4', 10), 'instagram_photos')).toBe('Please select a valid image file');
    expect(validateMediaFile(file('text/plain', 10, 'a.txt'), 'product_images')).toBe('a.txt is not a valid image file');
  });

  it('takes files up to the folder cap and refuses one byte more', () => {
    expect(validateMediaFile(file('image/png', 5 * MB), 'hero_images')).toBeNull();
    expect(validateMediaFile(file('image/png', 5 * MB + 1), 'hero_images')).toBe('File size should be less than 5MB');
    expect(validateMediaFile(file('video/webm', 50 * MB + 1), 'hero_videos')).toBe('File size should be less than 50MB');
    expect(validateMediaFile(file('video/mp4', 100 * MB + 1), 'vertical_videos')).toBe('Video size should be less than 100MB');
    expect(validateMediaFile(file('image/jpeg', 5 * MB + 1), 'video_posters')).toBe('Poster image size should be less than 5MB');
    expect(validateMediaFile(file('image/jpeg', 5 * MB + 1), 'instagram_photos')).toBe('Image size should be less than 5MB');
  });
});

describe('mediaKindOf', () => {
  it('reads image and video types, nothing else', () => {
    expect(mediaKindOf(file('image/webp', 1))).toBe('image');
    expect(mediaKindOf(file('video/quicktime', 1))).toBe('video');
    expect(mediaKindOf(file('application/pdf', 1))).toBeNull();
  });
});
