/**
 * What an uploaded file is, read from its bytes alone (issue 25 "Let no one in"): its format from the
 * signature, never from its name or the type the browser sent; its declared size from its own header;
 * and whether the file is exactly one image of that format, with nothing appended and no markup
 * hidden in it (a polyglot). Pure: nothing here decodes a pixel, so a
 * decompression bomb costs what its header costs. The server's check (upload-check.server.ts) then
 * asks sharp to read the same header and refuses any disagreement.
 */

import { UPLOAD_LIMITS, type UploadFormat, type UploadRefusal } from './model';

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 0x10000 + u16(b, at + 2);
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, at: number) => u24le(b, at) + (b[at + 3] ?? 0) * 0x1000000;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((c, i) => bytes[i] === c);
const codes = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Image formats the gallery does not take: GIF, TIFF (both byte orders), PSD, JPEG XL (bare and boxed). */
const OTHER_IMAGES: number[][] = [
  ...['GIF87a', 'GIF89a', 'II*\0', 'MM\0*', '8BPS'].map(codes),
  [0xff, 0x0a],
  [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a],
];

/** The brands of an ISO BMFF file's `ftyp` box (major and compatible), or null when it does not start with one. */
export function ftypBrands(bytes: Uint8Array): string[] | null {
  const size = u32(bytes, 0);
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp' || size < 16 || size > bytes.length || size % 4 !== 0) {
    return null;
  }
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

/**
 * The format the bytes' signature (magic number) names: one the gallery takes, `unsupported` for an
 * image format it does not (GIF, SVG, HEIC, TIFF, BMP, JPEG XL, PSD), null for anything else
 * (text, HTML, PDF, an archive).
 */
export function imageSignature(bytes: Uint8Array): UploadFormat | 'unsupported' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands?.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  if (brands?.some((b) => /^(heic|heix|heim|heis|hevc|hevx|mif1|msf1|mif2)$/.test(b))) return 'unsupported';
  if (OTHER_IMAGES.some((signature) => startsWith(bytes, signature))) return 'unsupported';
  // BMP: `BM` and the file's length (two letters alone would take a text file for one).
  if (startsWith(bytes, codes('BM')) && u32le(bytes, 2) === bytes.length) return 'unsupported';
  // SVG: text whose first element (after a BOM, an XML declaration, comments, a doctype) is <svg.
  const text = ascii(bytes, 0, 4096);
  if (/^(\xef\xbb\xbf)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*<svg[\s>]/i.test(text)) {
    return 'unsupported';
  }
  return null;
}

/** The size an image's own header declares. */
export interface ImageLayout {
  width: number;
  height: number;
}

/** Why a file with an image's signature is not taken as one: unreadable, or more than one image (a polyglot). */
export type LayoutProblem = 'not-image' | 'polyglot';

/**
 * The declared size of an image of `format`, read by walking its whole structure (JPEG segments and
 * scans, PNG chunks, the WebP RIFF, AVIF's boxes) to its end: a file cut short or with a broken
 * structure is `not-image`; one with anything after the image's end is a `polyglot` (JPEG aside,
 * whose multi-picture format places further JPEG images, such as an HDR gain map, after the first:
 * those are walked too, and only they and zero padding may follow).
 */
export function readImageLayout(bytes: Uint8Array, format: UploadFormat): ImageLayout | LayoutProblem {
  switch (format) {
    case 'jpeg':
      return jpegLayout(bytes);
    case 'png':
      return pngLayout(bytes);
    case 'webp':
      return webpLayout(bytes);
    case 'avif':
      return avifLayout(bytes);
  }
}

/** Walks one JPEG from its SOI: its frame's size and the offset after its EOI, or null when unreadable. */
function jpegImage(b: Uint8Array, start: number): { width: number; height: number; end: number } | null {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return null;
  let at = start + 2;
  let frame: { width: number; height: number } | null = null;
  for (;;) {
    if (b[at] !== 0xff) return null;
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at++];
    if (marker === undefined) return null;
    if (marker === 0xd9) return frame ? { ...frame, end: at } : null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0x00 || marker === 0xd8) return null;
    const length = u16(b, at);
    if (length < 2 || at + length > b.length) return null;
    // SOF0-15 but DHT (C4), JPG (C8) and DAC (CC): the frame's lines and samples per line.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8 || frame) return null;
      frame = { height: u16(b, at + 3), width: u16(b, at + 5) };
      if (frame.width === 0 || frame.height === 0) return null;
    }
    at += length;
    if (marker === 0xda) {
      if (!frame) return null;
      // Entropy-coded data: a 0xFF in it is stuffed (FF 00) or a restart marker; anything else ends it.
      for (;;) {
        const ff = b.indexOf(0xff, at);
        if (ff === -1) return null;
        const next = b[ff + 1];
        if (next === undefined) return null;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
          at = ff + 2;
          continue;
        }
        at = ff;
        break;
      }
    }
  }
}

function jpegLayout(b: Uint8Array): ImageLayout | LayoutProblem {
  const first = jpegImage(b, 0);
  if (!first) return 'not-image';
  let at = first.end;
  while (at < b.length) {
    if (b[at] === 0x00) {
      at++;
      continue;
    }
    const more = b[at] === 0xff && b[at + 1] === 0xd8 && b[at + 2] === 0xff ? jpegImage(b, at) : null;
    if (!more) return 'polyglot';
    at = more.end;
  }
  return { width: first.width, height: first.height };
}

function pngLayout(b: Uint8Array): ImageLayout | LayoutProblem {
  let at = 8;
  let header: ImageLayout | null = null;
  for (;;) {
    if (at + 12 > b.length) return 'not-image';
    const length = u32(b, at);
    const type = ascii(b, at + 4, 4);
    if (length > 0x7fffffff || at + 12 + length > b.length || !/^[A-Za-z]{4}$/.test(type)) return 'not-image';
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return 'not-image';
      header = { width: u32(b, at + 8), height: u32(b, at + 12) };
      if (header.width === 0 || header.height === 0) return 'not-image';
    }
    at += 12 + length;
    if (type === 'IEND') return at === b.length ? header : 'polyglot';
  }
}

function webpLayout(b: Uint8Array): ImageLayout | LayoutProblem {
  const end = 8 + u32le(b, 4);
  if (end < 12 || end > b.length) return 'not-image';
  let at = 12;
  let layout: ImageLayout | null = null;
  let canvas = false;
  while (at < end) {
    if (at + 8 > end) return 'not-image';
    const type = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    const data = at + 8;
    if (data + size > end) return 'not-image';
    if (at === 12 && type === 'VP8X' && size >= 10) {
      layout = { width: u24le(b, data + 4) + 1, height: u24le(b, data + 7) + 1 };
      canvas = true;
    } else if (!canvas && !layout && type === 'VP8 ' && size >= 10) {
      if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return 'not-image';
      layout = { width: (b[data + 6] ?? 0) | (((b[data + 7] ?? 0) & 0x3f) << 8), height: 0 };
      layout.height = (b[data + 8] ?? 0) | (((b[data + 9] ?? 0) & 0x3f) << 8);
    } else if (!canvas && !layout && type === 'VP8L' && size >= 5) {
      if (b[data] !== 0x2f) return 'not-image';
      const bits = u32le(b, data + 1);
      layout = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    at = data + size + (size % 2);
  }
  if (at !== end || !layout || layout.width === 0 || layout.height === 0) return 'not-image';
  return b.length === end ? layout : 'polyglot';
}

interface Box {
  type: string;
  from: number;
  to: number;
}

/**
 * The ISO BMFF boxes from `start` to `end`, each one's type and content; `whole` is false when they do
 * not tile it exactly (then `boxes` are the ones read before the first that does not fit).
 */
function boxes(b: Uint8Array, start: number, end: number): { boxes: Box[]; whole: boolean } {
  const out: Box[] = [];
  let at = start;
  while (at < end) {
    if (at + 8 > end) return { boxes: out, whole: false };
    let size = u32(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return { boxes: out, whole: false };
      size = u32(b, at + 8) * 0x100000000 + u32(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    const type = ascii(b, at + 4, 4);
    if (size < header || at + size > end || !/^[\x20-\x7e]{4}$/.test(type)) return { boxes: out, whole: false };
    out.push({ type, from: at + header, to: at + size });
    at += size;
  }
  return { boxes: out, whole: true };
}

const children = (b: Uint8Array, parents: Box[], type: string) =>
  parents.filter((x) => x.type === type).flatMap((x) => boxes(b, x.from, x.to).boxes);

function avifLayout(b: Uint8Array): ImageLayout | LayoutProblem {
  const top = boxes(b, 0, b.length);
  const meta = top.boxes.find((x) => x.type === 'meta');
  if (top.boxes[0]?.type !== 'ftyp' || !meta) return 'not-image';
  // A whole image (its metadata and its coded data) and then something that is not a box: appended.
  if (!top.whole) return top.boxes.some((x) => x.type === 'mdat') ? 'polyglot' : 'not-image';
  // meta is a full box (version and flags), then hdlr, pitm, iloc, iinf, iprp (ipco: the properties).
  const ipco = children(b, children(b, boxes(b, meta.from + 4, meta.to).boxes, 'iprp'), 'ipco');
  // Every image's spatial extent (ispe: a full box, then width and height): the largest is the image.
  let largest: ImageLayout | null = null;
  for (const p of ipco) {
    if (p.type !== 'ispe' || p.to - p.from < 12) continue;
    const size = { width: u32(b, p.from + 4), height: u32(b, p.from + 8) };
    if (!largest || size.width * size.height > largest.width * largest.height) largest = size;
  }
  return largest && largest.width > 0 && largest.height > 0 ? largest : 'not-image';
}

/**
 * Byte sequences that start HTML, script or PHP, or an event handler's attribute, lower-case (matched
 * without regard to case). `<html`, `<body` and `<?php` count only before whitespace or `>`.
 */
const MARKUP = ['<script', '<iframe', '<!doctype', '<html', '<body', '<?php', 'javascript:', 'onload=', 'onerror='];
const SHORT_MARKUP = new Set(['<html', '<body', '<?php']);
const MARKUP_END = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x3e]);
/** The tokens by the byte they start with, in either case (`<`, `j`, `J`, `o`, `O`). */
const MARKUP_BY_START = new Map<number, string[]>();
for (const token of MARKUP) {
  for (const start of new Set([token.charCodeAt(0), token.toUpperCase().charCodeAt(0)])) {
    MARKUP_BY_START.set(start, [...(MARKUP_BY_START.get(start) ?? []), token]);
  }
}
const lower = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c);

function markupAt(bytes: Uint8Array, at: number, tokens: readonly string[]): string | null {
  for (const token of tokens) {
    let i = 1;
    while (i < token.length && at + i < bytes.length && lower(bytes[at + i] as number) === token.charCodeAt(i)) i++;
    if (i < token.length) continue;
    if (SHORT_MARKUP.has(token) && !MARKUP_END.has(bytes[at + i] ?? -1)) continue;
    return token;
  }
  return null;
}

/**
 * A piece of markup the bytes hold anywhere (HTML, script, PHP), or null. Each sequence is long
 * enough (six bytes or more) that compressed pixels hold one by chance less than once in ten thousand
 * 25 MB files. The bytes are searched once per possible first byte (memchr, then a look at each hit).
 */
export function markupIn(bytes: Uint8Array): string | null {
  for (const [start, tokens] of MARKUP_BY_START) {
    for (let at = bytes.indexOf(start); at !== -1; at = bytes.indexOf(start, at + 1)) {
      const found = markupAt(bytes, at, tokens);
      if (found !== null) return found;
    }
  }
  return null;
}

/** An upload the bytes allow: its format and declared size. */
export interface InspectedImage extends ImageLayout {
  format: UploadFormat;
}

/**
 * Everything the bytes alone say about an upload, in this order: its size in bytes, its signature, its
 * structure, its declared pixels (a decompression bomb is refused here, from its header), and any
 * markup in it. Nothing is decoded.
 */
export function inspectUpload(bytes: Uint8Array): InspectedImage | UploadRefusal {
  if (bytes.length === 0) return 'empty';
  if (bytes.length > UPLOAD_LIMITS.bytes) return 'too-large';
  const format = imageSignature(bytes);
  if (format === null) return 'not-image';
  if (format === 'unsupported') return 'format';
  const layout = readImageLayout(bytes, format);
  if (typeof layout === 'string') return layout;
  if (layout.width * layout.height > UPLOAD_LIMITS.pixels) return 'too-many-pixels';
  if (markupIn(bytes) !== null) return 'polyglot';
  return { format, ...layout };
}

/** The format sharp names (its `heif` is AVIF only with AV1 compression: HEIC is not taken). */
export function sharpFormat(meta: { format?: string; compression?: string }): string | undefined {
  return meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
}

/**
 * Whether sharp's reading of the header agrees with the bytes' own (format, width, height; an AVIF's
 * may be turned a quarter by its `irot`) and keeps to the pixel limit: two readers that disagree on a
 * file mean a file made to fool one of them, refused as `not-image`.
 */
export function headerProblem(
  found: InspectedImage,
  meta: { format?: string; compression?: string; width?: number; height?: number } | null,
): UploadRefusal | null {
  if (!meta?.width || !meta.height || sharpFormat(meta) !== found.format) return 'not-image';
  const same = meta.width === found.width && meta.height === found.height;
  const turned = found.format === 'avif' && meta.width === found.height && meta.height === found.width;
  if (!same && !turned) return 'not-image';
  return meta.width * meta.height > UPLOAD_LIMITS.pixels ? 'too-many-pixels' : null;
}
