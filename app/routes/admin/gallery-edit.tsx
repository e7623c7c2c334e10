import { data, redirect } from 'react-router';
import { fieldErrors } from '~/lib/form-errors';
import { siteHref } from '~/lib/site-href';
import { type StaffActionArgs, type StaffLoaderArgs, staffAction, staffLoader } from '~/staff/access.server';
import { albumFormSchema, postedAlts, postedCaptions, postedCategories } from '~/staff/gallery/form';
import { albumCategories, loadAlbum, saveAlbum } from '~/staff/gallery/gallery.server';
import {
  ALBUM_NOTICES,
  type AlbumFormValues,
  parseIdList,
  parseIntent,
  parseUploadNotice,
} from '~/staff/gallery/model';
import { AlbumEditor } from '~/staff/gallery/ui/album-form';
import editorStyles from '~/staff/gallery/ui/gallery-editor.css?url';
import { staffRecord } from '~/staff/section.server';
import { StaffError } from '~/ui/staff';
import type { Route } from './+types/gallery-edit';

// Issue 14 "Gallery": /admin/galeri/baru/ (a new album, saved as a draft) and /admin/galeri/{id}/ (an
// album's form, its photos and their upload). Post, redirect, get; a refused save keeps what was typed.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorStyles }];

const record = staffRecord('Album ini tidak ditemukan.');

export const loader = staffLoader(
  'gallery',
  async ({ request, params, context }: StaffLoaderArgs<Route.LoaderArgs>) => {
    const id = record.idOrNew(params.id);
    const url = new URL(request.url);
    const categories = await albumCategories(context.db);
    const notice = ALBUM_NOTICES[url.searchParams.get('pesan') ?? ''] ?? null;
    if (id === null) {
      const values: AlbumFormValues = {
        judul: '',
        slug: '',
        ringkasan: '',
        tahun: String(new Date().getUTCFullYear()),
        kategori: [],
      };
      return { album: null, values, version: '', photos: [], categories, notice, upload: null };
    }
    const album = await loadAlbum(context.db, id);
    if (!album) throw record.notFound();
    return {
      album: { id: album.id, slug: album.slug, status: album.status },
      values: album.values,
      version: album.version,
      photos: album.photos,
      categories,
      notice,
      upload: parseUploadNotice(url.searchParams),
    };
  },
);

export const action = staffAction(
  'gallery',
  async ({ params, context, user, fields }: StaffActionArgs<Route.ActionArgs>) => {
    const id = record.idOrNew(params.id);
    const intent = parseIntent(fields.intent);
    const { alts, errors: altErrors } = postedAlts(fields);
    const { captions, errors: captionErrors } = postedCaptions(fields);
    const photoErrors = { ...altErrors, ...captionErrors };
    const categories = postedCategories(fields);
    const typed = {
      values: {
        judul: fields.judul ?? '',
        slug: fields.slug ?? '',
        ringkasan: fields.ringkasan ?? '',
        tahun: fields.tahun ?? '',
        kategori: categories,
      } satisfies AlbumFormValues,
      alts: Object.fromEntries(alts),
      captions: Object.fromEntries(captions),
      order: parseIdList(fields.urutan),
      removed: parseIdList(fields.dihapus),
      version: fields.versi ?? '',
    };
    const refuse = (errors: Record<string, string>, status: number) => data({ ...typed, errors }, { status });
    const parsed = albumFormSchema.safeParse(fields);
    if (!parsed.success || Object.keys(photoErrors).length > 0) {
      return refuse({ ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...photoErrors }, 400);
    }
    const outcome = await saveAlbum(context.db, user.id, id, parsed.data, categories, { alts, captions }, intent);
    if ('id' in outcome) {
      const notice =
        id === null
          ? 'dibuat'
          : intent.kind === 'publish'
            ? 'terbit'
            : intent.kind === 'unpublish'
              ? 'draf'
              : 'disimpan';
      const anchor = intent.kind === 'move' || intent.kind === 'remove' ? '#foto' : id === null ? '#unggah' : '';
      throw redirect(`${siteHref('/admin/galeri/:id', { id: String(outcome.id) })}?pesan=${notice}${anchor}`);
    }
    if (outcome.kind === 'missing') throw record.notFound();
    if (outcome.kind === 'invalid') return refuse(outcome.errors, 400);
    return refuse(
      {
        form: 'Album ini telah diubah orang lain sejak formulir ini dibuka, dan isian Anda belum disimpan. Isian Anda masih di sini: simpan lagi untuk menimpa perubahan itu, atau buka album ini di tab lain untuk melihatnya.',
      },
      409,
    );
  },
  { maxBytes: 256 * 1024 },
);

export default function StaffGalleryAlbum({ loaderData, actionData }: Route.ComponentProps) {
  return <AlbumEditor {...loaderData} typed={actionData ?? null} />;
}

export { StaffError as ErrorBoundary };
