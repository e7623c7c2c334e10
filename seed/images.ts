import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { copyWidths, encodeSizes, MEDIA_FORMATS, type MediaFormat } from '~/content/media';
import type { Db } from '~/db';
import { type Aspect, aspectSize, composeScene, type Scene } from './scene';

/**
 * The demo school's pictures: drawn from a scene (scene.ts), written as the responsive JPEG and
 * WebP copies the site serves, and recorded as `media` rows. Seed-only: the running site never draws.
 */

/** A picture to draw for the demo content. */
export interface GeneratedImageSpec {
  /** Path below the uploads folder without width and extension, e.g. `2025/08/upacara-bendera`. */
  file: string;
  alt: string;
  /** Short text drawn on a band at the bottom of the picture. */
  caption?: string;
  /** What the picture shows; chosen from the seed when absent. */
  scene?: Scene;
  aspect?: Aspect;
  /** Width of the source in pixels (default 1200); copies are never wider. */
  width?: number;
  /** Seed of the drawing (default: `file`): the same seed draws the same picture. */
  seed?: string;
  /** ISO-8601 UTC; default now. */
  createdAt?: string;
}

/** A picture whose files are on disk, ready to become a `media` row. */
export interface RenderedImage {
  file: string;
  alt: string;
  width: number;
  height: number;
  /** The `media.sizes` JSON text. */
  sizes: string;
  createdAt: string;
}

const FILE_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;
const QUALITY = 70;

/**
 * Draws the picture and writes its JPEG and WebP copies to `${uploadsDir}/${file}-${w}w.${ext}`.
 * Files already there are kept (the drawing is deterministic), so a shared uploads folder is
 * encoded once. Each file is written under a temporary name and renamed, so a reader never sees
 * half a file even when two processes seed at once.
 */
export async function renderGeneratedImage(uploadsDir: string, spec: GeneratedImageSpec): Promise<RenderedImage> {
  if (!FILE_PATTERN.test(spec.file))
    throw new Error(`media file "${spec.file}" is not a lowercase path like 2025/08/upacara`);
  const source = aspectSize(spec.aspect ?? '4:3', spec.width ?? 1200);
  const widths = copyWidths(source.width);
  const formats: MediaFormat[] = [...MEDIA_FORMATS];
  const target = (w: number, f: MediaFormat) => path.join(uploadsDir, `${spec.file}-${w}w.${f}`);
  const rendered: RenderedImage = {
    file: spec.file,
    alt: spec.alt,
    ...source,
    sizes: encodeSizes(source, widths, formats),
    createdAt: spec.createdAt ?? new Date().toISOString(),
  };

  const missing = (
    await Promise.all(
      widths.flatMap((w) => formats.map(async (f) => ((await exists(target(w, f))) ? null : ([w, f] as const)))),
    )
  ).filter((x) => x !== null);
  if (missing.length === 0) return rendered;

  const svg = composeScene({ ...source, seed: spec.seed ?? spec.file, scene: spec.scene, caption: spec.caption });
  // Draw once into raw pixels; every copy is resized from those.
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  await fs.mkdir(path.dirname(target(widths[0] as number, 'jpg')), { recursive: true });
  for (const [w, f] of missing) {
    const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize({
      width: w,
    });
    const encoded =
      f === 'webp'
        ? image.webp({ quality: QUALITY, effort: 1 })
        : image.jpeg({ quality: QUALITY, progressive: true, mozjpeg: false });
    const out = target(w, f);
    const tmp = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await encoded.toFile(tmp);
    await fs.rename(tmp, out);
  }
  return rendered;
}

/** Inserts the `media` row of a rendered picture and returns its id. */
export async function insertMedia(db: Db, image: RenderedImage): Promise<number> {
  const row = await db
    .insertInto('media')
    .values({
      file: image.file,
      alt: image.alt,
      width: image.width,
      height: image.height,
      sizes: image.sizes,
      created_at: image.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Draws a picture, writes its copies and returns the id of its `media` row; a row for the same
 * file is reused rather than duplicated.
 */
export async function createGeneratedImage(db: Db, uploadsDir: string, spec: GeneratedImageSpec): Promise<number> {
  const image = await renderGeneratedImage(uploadsDir, spec);
  const existing = await db.selectFrom('media').select('id').where('file', '=', image.file).executeTakeFirst();
  if (existing) return existing.id;
  return insertMedia(db, image);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
