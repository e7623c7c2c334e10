import { data, redirect } from 'react-router';
import { readLimitedBody } from '~/lib/body.server';
import { recordId } from '~/lib/record-id';
import { siteHref } from '~/lib/site-href';
import { checkCsrf, type StaffActionArgs, staffAction } from '~/staff/access.server';
import { storeUpload, UPLOAD_REQUEST_BYTES, type UploadResult } from '~/staff/gallery/gallery.server';
import { parseUploadPlace, UPLOAD_LIMITS, uploadNoticeQuery } from '~/staff/gallery/model';
import type { Route } from './+types/gallery-upload';

// Issue 14 "Gallery": POST /admin/galeri/{id}/unggah/ stores uploaded photos (field `foto`) for the album
// and queues their processing. The upload screen sends one file a request (XMLHttpRequest, for its
// progress) and reads JSON; a form posted without JavaScript carries all its files and is sent back
// to the album with what happened to each.

class Unreadable extends Error {}

export const action = staffAction(
  'gallery',
  async ({ request, params, context, user }: StaffActionArgs<Route.ActionArgs>) => {
    const id = recordId(params.id);
    if (id === null) throw data({ message: 'Album ini tidak ditemukan.' }, { status: 404 });
    const json = (request.headers.get('accept') ?? '').includes('application/json');
    const refuse = (message: string, status: number) =>
      json ? Response.json({ message, results: [] }, { status }) : data({ message }, { status });

    // The boundary is case-sensitive: only the check is made on the lower-cased type.
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) return refuse('Kirim foto lewat formulir unggah.', 400);
    let form: FormData;
    try {
      const bytes = await readLimitedBody(request, UPLOAD_REQUEST_BYTES, () => new Unreadable());
      form = await new Request('http://form.invalid/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(bytes),
      }).formData();
    } catch (error) {
      if (error instanceof Unreadable) {
        return refuse(
          `Kiriman ini lebih dari ${UPLOAD_REQUEST_BYTES / 1024 / 1024} MB. Kirim lebih sedikit foto sekaligus.`,
          413,
        );
      }
      return refuse('Kiriman tidak dapat dibaca. Pilih fotonya lagi, lalu kirim ulang.', 400);
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === 'string' && !(key in fields)) fields[key] = value;
    checkCsrf(context, user, request, fields);

    const files = form.getAll('foto').filter((f): f is File => typeof f !== 'string' && f.name !== '');
    if (files.length === 0) return refuse('Pilih satu foto atau lebih untuk diunggah.', 400);
    if (files.length > UPLOAD_LIMITS.files) {
      return refuse(`Paling banyak ${UPLOAD_LIMITS.files} foto sekali kirim.`, 400);
    }
    // The upload screen sends each file alone with its place among the files chosen with it; a form
    // without JavaScript sends them all, stored one after another in the order chosen.
    const place = files.length === 1 ? parseUploadPlace(fields) : null;
    const results: UploadResult[] = [];
    for (const file of files) {
      const bytes = Buffer.from(await file.arrayBuffer());
      results.push(await storeUpload(context.db, user.id, id, { name: file.name, bytes, place }));
    }
    const accepted = results.some((r) => r.ok);
    if (json) return Response.json({ results }, { status: accepted ? 200 : 400 });
    throw redirect(`${siteHref('/admin/galeri/:id', { id: String(id) })}?${uploadNoticeQuery(results)}#unggah`);
  },
  { readsBody: true },
);
