import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { copyWidths } from '../../app/content/media';
import { processImage } from '../../app/staff/gallery/media-job.server';

/**
 * Issue 14's figure "a 12-megapixel JPEG processed into all widths in at most 2 s": the gallery
 * upload job's processing (app/staff/gallery/media-job.server.ts `processImage`: every
 * width of content/media.ts in WebP and JPEG, auto-oriented, tmp file + rename) of a 4000 × 3000 JPEG,
 * in this process, once warm. Measured apart from the HTTP load: nothing else runs meanwhile.
 */
export const IMAGE_FIGURE_ID = 'image-12mp';
export const IMAGE_FIGURE_TITLE = '12-megapixel JPEG into all widths (WebP + JPEG)';
export const IMAGE_FIGURE_LIMIT_MS = 2_000;

export interface ImageFigure {
  id: typeof IMAGE_FIGURE_ID;
  width: number;
  height: number;
  /** the source JPEG's size: a camera photo of 12 MP is some 3-6 MB */
  sourceBytes: number;
  widths: number[];
  files: number;
  /** the measured runs (after one warm-up), and their median */
  runsMs: number[];
  ms: number;
}

/**
 * A photo-like source: coarse noise enlarged (smooth areas and edges, like a scene) with fine noise
 * over it (like a sensor's), so it is neither trivially small nor pure noise.
 */
async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: width / 8,
      height: height / 8,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(coarse)
    .resize(width, height, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function measureImageFigure(runs = 3): Promise<ImageFigure> {
  const width = 4000;
  const height = 3000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-image-'));
  try {
    const source = path.join(dir, 'source.jpg');
    const bytes = await photoLikeJpeg(width, height);
    fs.writeFileSync(source, bytes);
    const uploads = path.join(dir, 'uploads');
    let files = 0;
    // One warm-up run (libvips' first use loads its codecs), then the measured ones.
    await processImage(source, uploads, 'galeri/bench/warm-up');
    const runsMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const done = await processImage(source, uploads, `galeri/bench/run-${i}`);
      runsMs.push(Math.round(performance.now() - t));
      files = done.files.length;
    }
    const sorted = [...runsMs].sort((a, b) => a - b);
    return {
      id: IMAGE_FIGURE_ID,
      width,
      height,
      sourceBytes: bytes.length,
      widths: copyWidths(width),
      files,
      runsMs,
      ms: sorted[Math.floor(sorted.length / 2)] as number,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
