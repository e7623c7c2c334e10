import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Files an upload must take or refuse (issue 25 "Let no one in"): small real images of each format,
 * images whose headers declare huge sizes, polyglots, and files that only pretend to be images.
 * Shared by the unit tests of app/staff/gallery/image-bytes.ts, the upload integration tests and the
 * memory measure (upload-memory.ts).
 */

/**
 * A small real image, of noise so that it compresses like a photo; an AVIF (sharp's AV1 HEIF) of one
 * colour, encoded fast (AV1 takes half a minute over noise).
 */
export function smallImage(format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif', width = 64, height = 48) {
  const noise = format === 'avif' ? undefined : ({ type: 'gaussian', mean: 128, sigma: 40 } as const);
  const image = sharp({ create: { width, height, channels: 3, background: '#3a7', noise } });
  if (format === 'avif') return image.avif({ effort: 0 }).toBuffer();
  return (format === 'webp' ? image.webp({ lossless: true }) : image.toFormat(format)).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A black 1-bit greyscale PNG of `width` × `height` whose pixel data is `idat` (zlib). */
export function png1bit(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a valid PNG of 50000 × 50000 pixels of one colour, about 300 KB, that decodes
 * to 2.5 gigapixels (7.5 GB as sharp's RGB). Made once (2 s) and kept in the temporary folder.
 */
export async function pngBomb(): Promise<Buffer> {
  const side = 50_000;
  const file = path.join(os.tmpdir(), `smp-upload-bomb-${side}.png`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const row = 1 + side / 8;
  const deflate = zlib.createDeflate({ level: 9, memLevel: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(row * 200);
  for (let left = row * side; left > 0; left -= zeros.length)
    deflate.write(zeros.subarray(0, Math.min(left, zeros.length)));
  deflate.end();
  await ended;
  const bomb = png1bit(side, side, Buffer.concat(parts));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bomb);
  fs.renameSync(tmp, file);
  return bomb;
}

/** A JPEG whose frame header (SOF) declares `width` × `height`: its pixels stay the small image's. */
export function withJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let at = 2; at < out.length; ) {
    const marker = out[at + 1] as number;
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + out.readUInt16BE(at + 2);
  }
  throw new Error('no SOF');
}

/** A lossless WebP (VP8L, no VP8X) whose header declares `width` × `height` (at most 16384 each). */
export function withWebpSize(webp: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(webp);
  if (out.toString('latin1', 12, 16) !== 'VP8L') throw new Error('not a bare VP8L WebP');
  const bits = out.readUInt32LE(21);
  out.writeUInt32LE(((bits & ~0xfffffff) | ((height - 1) << 14) | (width - 1)) >>> 0, 21);
  return out;
}

/** An AVIF whose every `ispe` (an image's spatial extent) declares `width` × `height`. */
export function withAvifSize(avif: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(avif);
  for (let at = out.indexOf('ispe'); at !== -1; at = out.indexOf('ispe', at + 4)) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
  }
  return out;
}

/** The JPEG with a comment segment (COM) holding `text` right after its SOI. */
export function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

export const SCRIPT_PAGE = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>\n';

/** Files that are not images the gallery takes, each with the refusal it gets. */
export async function refusedFiles(): Promise<Array<{ what: string; name: string; bytes: Buffer; code: string }>> {
  const jpeg = await smallImage('jpeg');
  const svg =
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>';
  return [
    { what: 'an SVG named .jpg', name: 'foto.jpg', bytes: Buffer.from(svg), code: 'format' },
    { what: 'an HTML page', name: 'halaman.jpg', bytes: Buffer.from(SCRIPT_PAGE), code: 'not-image' },
    { what: 'a GIF', name: 'animasi.gif', bytes: await smallImage('gif'), code: 'format' },
    {
      what: 'a PDF',
      name: 'surat.jpg',
      bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      code: 'not-image',
    },
    {
      what: 'a text file named photo.jpg',
      name: 'photo.jpg',
      bytes: Buffer.from('daftar hadir kelas 7A\n'),
      code: 'not-image',
    },
    {
      what: 'a JPEG with a page appended after its EOI',
      name: 'poliglot.jpg',
      bytes: Buffer.concat([jpeg, Buffer.from(SCRIPT_PAGE)]),
      code: 'polyglot',
    },
    {
      what: 'a JPEG with a script in its comment segment',
      name: 'komentar.jpg',
      bytes: jpegWithComment(jpeg, SCRIPT_PAGE),
      code: 'polyglot',
    },
    {
      what: 'an HTML page behind a JPEG signature',
      name: 'palsu.jpg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT_PAGE)]),
      code: 'not-image',
    },
    {
      what: 'a PNG with a page appended after IEND',
      name: 'poliglot.png',
      bytes: Buffer.concat([await smallImage('png'), Buffer.from(SCRIPT_PAGE)]),
      code: 'polyglot',
    },
    { what: 'a PNG of 50000 × 50000 (a bomb)', name: 'bom.png', bytes: await pngBomb(), code: 'too-many-pixels' },
    {
      what: 'a JPEG declaring 65000 × 65000',
      name: 'raksasa.jpg',
      bytes: withJpegSize(jpeg, 65_000, 65_000),
      code: 'too-many-pixels',
    },
    {
      what: 'a WebP declaring 16384 × 16384',
      name: 'raksasa.webp',
      bytes: withWebpSize(await smallImage('webp'), 16_384, 16_384),
      code: 'too-many-pixels',
    },
  ];
}
