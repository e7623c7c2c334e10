/**
 * A request's body, refused past `maxBytes` (by its declared length, or while reading it, so a
 * body without a length cannot fill the memory either). `tooLarge` makes the caller's own error.
 */
export async function readLimitedBody(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
