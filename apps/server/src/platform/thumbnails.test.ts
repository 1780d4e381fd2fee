import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbnail } from './thumbnails.js';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('thumbnails', () => {
  it('makes a WebP of at most 320 px a side', async () => {
    const thumbnail = await makeThumbnail(Readable.from([await image(1200, 600)]));
    expect(thumbnail).toBeInstanceOf(Buffer);
    const meta = await sharp(thumbnail as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });
  });

  it('refuses an image past the pixel limit (a decompression bomb) without decoding it, and a file that is no image', async () => {
    // 2,000 × 2,000 = 4 MP against a 1 MP limit: the header says so, and sharp stops there.
    expect(await makeThumbnail(Readable.from([await image(2000, 2000)]), 1_000_000)).toBe('refused');
    expect(await makeThumbnail(Readable.from([Buffer.from('MZ not an image at all')]))).toBe('refused');
  });
});
