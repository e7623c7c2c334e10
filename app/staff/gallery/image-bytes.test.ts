import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  png1bit,
  refusedFiles,
  SCRIPT_PAGE,
  smallImage,
  withAvifSize,
  withJpegSize,
  withWebpSize,
} from '../../../tests/support/upload-files';
import { headerProblem, imageSignature, inspectUpload, markupIn, readImageLayout } from './image-bytes';
import { UPLOAD_LIMITS } from './model';

const FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
const images: Record<(typeof FORMATS)[number], Buffer> = {
  jpeg: Buffer.alloc(0),
  png: Buffer.alloc(0),
  webp: Buffer.alloc(0),
  avif: Buffer.alloc(0),
};
beforeAll(async () => {
  for (const f of FORMATS) images[f] = await smallImage(f);
});
const text = (s: string) => Buffer.from(s, 'latin1');

describe('the format comes from the bytes’ signature', () => {
  test.each(FORMATS)('a %s is known by its magic number', (f) => expect(imageSignature(images[f])).toBe(f));

  test('AVIF: the ftyp box names avif or avis as its major or a compatible brand', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const box = text(`\0\0\0\0ftyp${major}\0\0\0\0${compatible.join('')}`);
      box.writeUInt32BE(box.length, 0);
      return box;
    };
    expect(imageSignature(ftyp('avif', 'mif1'))).toBe('avif');
    expect(imageSignature(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(imageSignature(ftyp('avis', 'msf1'))).toBe('avif');
    // HEIC (an iPhone's) is an image the gallery does not take; an MP4 is no image at all.
    expect(imageSignature(ftyp('heic', 'mif1', 'heic'))).toBe('unsupported');
    expect(imageSignature(ftyp('isom', 'mp41'))).toBeNull();
  });

  test.each([
    ['GIF89a\x01\0\x01\0', 'unsupported'],
    ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'unsupported'],
    ['\xef\xbb\xbf <?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n<SVG>', 'unsupported'],
    ['II*\0\x08\0\0\0', 'unsupported'],
    ['<!DOCTYPE html><html><svg>', null],
    ['%PDF-1.7\n', null],
    ['BMW ke sekolah', null],
    ['', null],
    ['\xff\xd8', null],
  ] as const)('%j → %s', (bytes, format) => expect(imageSignature(text(bytes))).toBe(format));
});

describe('the structure is walked to its end: one whole image, nothing after it', () => {
  test.each(FORMATS)('a %s declares its size', (f) =>
    expect(readImageLayout(images[f], f)).toEqual({ width: 64, height: 48 }),
  );

  test('a progressive JPEG with EXIF, a lossy and an extended (VP8X) WebP are read too', async () => {
    const camera = await sharp(images.jpeg).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer();
    expect(readImageLayout(camera, 'jpeg')).toEqual({ width: 64, height: 48 });
    const lossy = await sharp(images.png).webp({ quality: 50 }).toBuffer();
    expect(readImageLayout(lossy, 'webp')).toEqual({ width: 64, height: 48 });
    const alpha = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0008' } })
      .webp()
      .toBuffer();
    expect(alpha.toString('latin1', 12, 16)).toBe('VP8X');
    expect(readImageLayout(alpha, 'webp')).toEqual({ width: 30, height: 20 });
  });

  test('a JPEG may be followed by further JPEGs (multi-picture: an HDR gain map) and zero padding', () => {
    const twice = Buffer.concat([images.jpeg, withJpegSize(images.jpeg, 32, 24), Buffer.alloc(16)]);
    expect(readImageLayout(twice, 'jpeg')).toEqual({ width: 64, height: 48 });
  });

  test.each(FORMATS)('a %s with a page appended is a polyglot; cut short, no image', (f) => {
    expect(readImageLayout(Buffer.concat([images[f], text(SCRIPT_PAGE)]), f)).toBe('polyglot');
    expect(readImageLayout(Buffer.concat([images[f], text('x')]), f)).toBe('polyglot');
    expect(readImageLayout(images[f].subarray(0, images[f].length - 20), f)).toBe('not-image');
  });

  test('a page behind an image’s signature is no image', () => {
    expect(readImageLayout(text(`\xff\xd8\xff\xe0${SCRIPT_PAGE}`), 'jpeg')).toBe('not-image');
    expect(readImageLayout(text(`\x89PNG\r\n\x1a\n${SCRIPT_PAGE}`), 'png')).toBe('not-image');
    expect(readImageLayout(text(`RIFF\x20\0\0\0WEBP${SCRIPT_PAGE}`), 'webp')).toBe('not-image');
    // A JPEG without a frame header, or with a zero height (set later by a DNL marker).
    expect(readImageLayout(text('\xff\xd8\xff\xd9'), 'jpeg')).toBe('not-image');
    expect(readImageLayout(withJpegSize(images.jpeg, 64, 0), 'jpeg')).toBe('not-image');
  });
});

describe('an upload is checked from its bytes before anything decodes it', () => {
  test.each(FORMATS)('a small %s passes', (f) =>
    expect(inspectUpload(images[f])).toEqual({ format: f, width: 64, height: 48 }),
  );

  test('size: empty, and over 25 MB, are refused before the bytes are read', () => {
    expect(inspectUpload(Buffer.alloc(0))).toBe('empty');
    const over = Buffer.alloc(UPLOAD_LIMITS.bytes + 1);
    images.jpeg.copy(over);
    expect(inspectUpload(over)).toBe('too-large');
  });

  test('a decompression bomb is refused from its header: pixels over 40 M in any format', () => {
    // 50000 × 50000 with a single byte of (unread) pixel data: only the header counts.
    expect(inspectUpload(png1bit(50_000, 50_000, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])))).toBe(
      'too-many-pixels',
    );
    expect(inspectUpload(withJpegSize(images.jpeg, 65_000, 65_000))).toBe('too-many-pixels');
    expect(inspectUpload(withWebpSize(images.webp, 16_384, 16_384))).toBe('too-many-pixels');
    expect(inspectUpload(withAvifSize(images.avif, 9000, 9000))).toBe('too-many-pixels');
    // 40 megapixels exactly pass this check.
    expect(inspectUpload(withJpegSize(images.jpeg, 8000, 5000))).toMatchObject({ width: 8000, height: 5000 });
  });

  test('every file of the refused set gets its refusal', async () => {
    for (const file of await refusedFiles()) expect(inspectUpload(file.bytes), file.what).toBe(file.code);
  }, 20_000);
});

describe('markup anywhere in the bytes', () => {
  test.each([
    ['\0\0<SCRIPT src=x>', '<script'],
    ['xx<iframe', '<iframe'],
    ['<!DocType html>', '<!doctype'],
    ['<html>', '<html'],
    ['<BODY onload=x>', '<body'],
    ['<?php echo 1;', '<?php'],
    ['JavaScript:alert(1)', 'javascript:'],
    ['<img src=x OnError=alert(1)>', 'onerror='],
  ])('%j holds %s', (bytes, token) => expect(markupIn(text(bytes))).toBe(token));

  test.each(['<htmlx', '<bodyguard', '<?phpx', 'script', '<scrip', 'onload', ''])('%j holds none', (bytes) =>
    expect(markupIn(text(bytes))).toBeNull(),
  );

  test('random bytes (as compressed pixels are) hold none', () => {
    expect(markupIn(randomBytes(4 * 1024 * 1024))).toBeNull();
  });
});

describe('sharp’s reading of the header must agree with the bytes’', () => {
  const found = { format: 'jpeg', width: 4000, height: 3000 } as const;
  test.each([
    [{ format: 'jpeg', width: 4000, height: 3000 }, null],
    [null, 'not-image'],
    [{ format: 'png', width: 4000, height: 3000 }, 'not-image'],
    [{ format: 'jpeg', width: 4000, height: 2999 }, 'not-image'],
    [{ format: 'jpeg', width: 3000, height: 4000 }, 'not-image'],
  ] as const)('%j → %s', (meta, problem) => expect(headerProblem(found, meta)).toBe(problem));

  test('AVIF is sharp’s heif with AV1 (HEIC’s HEVC is not), possibly turned a quarter', () => {
    const avif = { format: 'avif', width: 600, height: 400 } as const;
    expect(headerProblem(avif, { format: 'heif', compression: 'av1', width: 600, height: 400 })).toBeNull();
    expect(headerProblem(avif, { format: 'heif', compression: 'av1', width: 400, height: 600 })).toBeNull();
    expect(headerProblem(avif, { format: 'heif', compression: 'hevc', width: 600, height: 400 })).toBe('not-image');
  });

  test('sharp’s pixels are held to the limit too', () => {
    const big = { format: 'png', width: 10_000, height: 5_000 } as const;
    expect(headerProblem(big, { format: 'png', width: 10_000, height: 5_000 })).toBe('too-many-pixels');
  });
});
