import type { Readable } from 'node:stream';

/** The largest image a thumbnail is made of: beyond it, a decompression bomb (a small file of huge dimensions) is refused. */
export const THUMBNAIL_MAX_INPUT_PIXELS = 40_000_000;
export const THUMBNAIL_SIZE = 320;

/**
 * A small WebP of an image (docs/decisions/0047), made by sharp from the stream, or `refused` for anything sharp will
 * not read within the pixel limit (a bomb, a broken file, not an image after all). The limit is checked from the
 * header before any pixel is decoded.
 */
export async function makeThumbnail(source: Readable, maxPixels = THUMBNAIL_MAX_INPUT_PIXELS): Promise<Buffer | 'refused'> {
  // Loaded with the first image, not at start: libvips is some 20 MB of an instance's resident memory (issue 35's
  // 150 MB line), and most instances make no thumbnail for hours.
  const { default: sharp } = await import('sharp');
  const transform = sharp({ limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 });
  try {
    return await source.pipe(transform).toBuffer();
  } catch {
    source.destroy();
    return 'refused';
  }
}
