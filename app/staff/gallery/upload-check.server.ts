import sharp from 'sharp';
import { headerProblem, type InspectedImage, inspectUpload } from './image-bytes';
import { UPLOAD_LIMITS, type UploadRefusal } from './model';

/** An upload that may be stored: its format, and its size upright (EXIF orientation applied). */
export interface AcceptedUpload extends InspectedImage {
  upright: { width: number; height: number };
}

/**
 * Checks an uploaded file before anything of it is stored or decoded (issue 25 "Let no one in"): its
 * bytes first (image-bytes.ts: size, signature, structure, declared pixels, markup), and only then
 * sharp's reading of the same header, which must agree. A decompression bomb is refused from its
 * header: no pixel is decoded here (tests/support/upload-memory.ts measures it).
 */
export async function checkUpload(bytes: Buffer): Promise<AcceptedUpload | UploadRefusal> {
  const found = inspectUpload(bytes);
  if (typeof found === 'string') return found;
  const meta = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.pixels })
    .metadata()
    .catch(() => null);
  const problem = headerProblem(found, meta);
  if (problem || !meta?.width || !meta.height) return problem ?? 'not-image';
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { ...found, upright: { width: upright.width, height: upright.height } };
}
