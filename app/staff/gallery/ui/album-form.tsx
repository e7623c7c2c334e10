import { useEffect, useState } from 'react';
import { Button, DropIndicator, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { Form, Link } from 'react-router';
import { NO_ERRORS } from '~/lib/shown-form';
import {
  CsrfField,
  StaffConfirm,
  StaffFieldError,
  StaffHead,
  StaffMessage,
  StaffProblems,
  StaffTextArea,
  StaffTextField,
  staffFields,
} from '~/ui/staff';
import {
  ALBUM_LIMITS,
  type AlbumFormValues,
  altField,
  captionField,
  categoryField,
  GALLERY_STAFF_PATH,
  mergePhotoOrder,
  movePhoto,
  type PhotoView,
  reorderPhotos,
  YEAR_RANGE,
} from '../model';
import { PhotoUploader } from './photo-uploader';

/** What a refused save sends back: everything typed, and the messages. */
export interface TypedAlbum {
  values: AlbumFormValues;
  alts: Record<string, string>;
  captions: Record<string, string>;
  order: number[];
  removed: number[];
  errors: Record<string, string>;
}

export interface AlbumEditorProps {
  album: { id: number; slug: string; status: 'publish' | 'draft' } | null;
  values: AlbumFormValues;
  /** the stored album's version, sent back to catch a second editor's save ('' for a new album) */
  version: string;
  photos: PhotoView[];
  categories: Array<{ id: number; name: string }>;
  notice: string | null;
  /** what a no-JavaScript upload did */
  upload: { stored: number; refused: Array<{ name: string; message: string }> } | null;
  typed: TypedAlbum | null;
}

const FORM_ID = 'album-form';

const LABELS: Record<string, string> = {
  judul: 'Judul album',
  slug: 'Slug',
  ringkasan: 'Ringkasan',
  tahun: 'Tahun kegiatan',
  kategori: 'Kategori',
  foto: 'Foto',
};

const photoName = (n: number, p: PhotoView) => `Foto ${n} (${p.name})`;

function statusText(p: PhotoView): string {
  if (p.status === 'processing') return 'Sedang diproses…';
  if (p.status === 'failed') return p.message ?? 'Gagal diproses.';
  return p.alt ? 'Siap' : 'Siap; teks alternatif belum diisi';
}

function Thumb({ photo }: { photo: PhotoView }) {
  return photo.thumb ? (
    <img src={photo.thumb} alt="" width={72} height={54} loading="lazy" />
  ) : (
    <span className="gallery-photo__none" aria-hidden="true" />
  );
}

/**
 * An album's screen (issue 14 "Gallery"): its form (a plain POST form that works without JavaScript),
 * the upload of its photos, their order, alt texts and captions. A refused save shows what was sent with the
 * messages next to their fields, and the focus goes to the list of problems.
 */
export function AlbumEditor({
  album,
  values: stored,
  version,
  photos,
  categories,
  notice,
  upload,
  typed,
}: AlbumEditorProps) {
  const values = typed?.values ?? stored;
  const errors = typed?.errors ?? NO_ERRORS;
  const { field, href } = staffFields('album-', LABELS, values, errors);

  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [removed, setRemoved] = useState<number[]>(typed?.removed ?? []);
  const [order, setOrder] = useState<number[]>(() =>
    mergePhotoOrder(
      photos.map((p) => p.id),
      typed?.order ?? [],
      typed?.removed ?? [],
    ),
  );
  // Photos uploaded since (the list is read again as uploads finish) take their places as on the server.
  useEffect(() => {
    setOrder((prev) =>
      mergePhotoOrder(
        photos.map((p) => p.id),
        prev,
        removed,
      ),
    );
  }, [photos, removed]);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = order.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });

  const title = album ? 'Ubah album' : 'Album baru';
  return (
    <div className="gallery-editor">
      <StaffHead title={title} within="Galeri" back={{ to: GALLERY_STAFF_PATH, label: '‹ Semua album' }} />
      {notice && (
        <StaffMessage>
          {notice}
          {album?.status === 'publish' && (
            <>
              {' '}
              <a href={`/galeri/${album.slug}/`}>Lihat di galeri</a>
            </>
          )}
        </StaffMessage>
      )}
      <StaffProblems
        subject="Album"
        errors={errors}
        href={(name) => (/^(?:alt|keterangan)-/.test(name) ? `#${name}` : href(name))}
      />
      <Form method="post" id={FORM_ID} className="staff-form">
        <CsrfField />
        <input type="hidden" name="versi" value={version} />
        <input type="hidden" name="urutan" value={order.join(',')} />
        <input type="hidden" name="dihapus" value={removed.join(',')} />
        <StaffTextField {...field('judul')} required maxLength={ALBUM_LIMITS.title} />
        <StaffTextField
          {...field('slug')}
          hint="Bagian alamat album (/galeri/slug/). Kosongkan agar dibuat dari judul."
          maxLength={ALBUM_LIMITS.slug}
        />
        <StaffTextArea {...field('ringkasan')} hint="Boleh kosong." rows={3} maxLength={ALBUM_LIMITS.excerpt} />
        <StaffTextField
          {...field('tahun')}
          hint="Dipakai saringan Tahun di galeri."
          inputMode="numeric"
          pattern="\d{4}"
          required
          min={YEAR_RANGE.min}
          max={YEAR_RANGE.max}
          maxLength={4}
        />
        <fieldset
          id="album-kategori"
          className="gallery-editor__checks"
          aria-describedby={errors.kategori ? 'album-kategori-error' : undefined}
        >
          <legend>{LABELS.kategori}</legend>
          {categories.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                name={categoryField(c.id)}
                value="1"
                defaultChecked={values.kategori.includes(c.id)}
              />
              {c.name}
            </label>
          ))}
          <StaffFieldError id="album-kategori" error={errors.kategori} />
        </fieldset>
        {album && (
          <p>
            Status: <strong>{album.status === 'publish' ? 'Terbit' : 'Draf'}</strong>
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" name="intent" value="simpan" className="button">
            {album ? 'Simpan' : 'Simpan album'}
          </button>
          {album?.status === 'draft' && (
            <button type="submit" name="intent" value="terbitkan" className="button">
              Terbitkan
            </button>
          )}
          {album?.status === 'publish' && (
            <button type="submit" name="intent" value="batalkan" className="button button--secondary">
              Batalkan terbitan
            </button>
          )}
          {album && <Link to={`${GALLERY_STAFF_PATH}${album.id}/hapus/`}>Hapus album</Link>}
        </div>
      </Form>

      {album ? (
        <>
          <PhotoUploader albumId={album.id} live={live} upload={upload} />
          <section id="foto" className="gallery-editor__box" aria-labelledby="foto-judul">
            <h2 id="foto-judul">Foto album</h2>
            {errors.foto && (
              <p className="admin-field__error" id="album-foto">
                {errors.foto}
              </p>
            )}
            {shown.length === 0 ? (
              <p>Belum ada foto. Unggah foto di atas.</p>
            ) : (
              <>
                <p className="staff-hint" id="foto-petunjuk">
                  Foto pertama menjadi foto sampul. Ubah urutan dengan menyeret, atau dengan tombol Naik dan Turun. Foto
                  tampil di galeri setelah selesai diproses dan diberi teks alternatif. Simpan untuk menyimpan urutan.
                </p>
                {live ? (
                  <PhotoOrder
                    photos={shown}
                    onChange={setOrder}
                    onRemove={(id) => setRemoved((r) => [...r, id])}
                    order={order}
                  />
                ) : (
                  <ol className="gallery-photos">
                    {shown.map((p, i) => (
                      <li key={p.id} className="gallery-photo">
                        <span />
                        <Thumb photo={p} />
                        <span className="gallery-photo__text">
                          <span>{photoName(i + 1, p)}</span>
                          <span className="gallery-photo__state" data-status={p.status}>
                            {statusText(p)}
                          </span>
                        </span>
                        <span className="gallery-photo__actions">
                          <button type="submit" form={FORM_ID} name="intent" value={`naik:${p.id}`}>
                            Naik<span className="visually-hidden">: {photoName(i + 1, p)}</span>
                          </button>
                          <button type="submit" form={FORM_ID} name="intent" value={`turun:${p.id}`}>
                            Turun<span className="visually-hidden">: {photoName(i + 1, p)}</span>
                          </button>
                          <button type="submit" form={FORM_ID} name="intent" value={`hapus:${p.id}`}>
                            Hapus dari album<span className="visually-hidden">: {photoName(i + 1, p)}</span>
                          </button>
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
                <fieldset className="gallery-alts gallery-editor__checks" aria-describedby="foto-teks-petunjuk">
                  <legend>Teks alternatif dan keterangan</legend>
                  <p className="staff-hint" id="foto-teks-petunjuk">
                    Teks alternatif wajib diisi sebelum album terbit: ia menjelaskan isi foto bagi pembaca layar.
                    Keterangan boleh kosong; bila diisi, tampil di bawah foto di galeri.
                  </p>
                  {shown.map((p, i) => (
                    <div key={p.id} className="gallery-alts__item">
                      <Thumb photo={p} />
                      <div className="gallery-alts__fields">
                        <StaffTextField
                          id={altField(p.id)}
                          label={`Teks alternatif ${photoName(i + 1, p)}`}
                          error={errors[altField(p.id)]}
                          form={FORM_ID}
                          name={altField(p.id)}
                          defaultValue={typed?.alts[String(p.id)] ?? p.alt}
                          maxLength={ALBUM_LIMITS.alt}
                        />
                        <StaffTextArea
                          id={captionField(p.id)}
                          label={`Keterangan ${photoName(i + 1, p)}`}
                          error={errors[captionField(p.id)]}
                          form={FORM_ID}
                          name={captionField(p.id)}
                          defaultValue={typed?.captions[String(p.id)] ?? p.caption}
                          maxLength={ALBUM_LIMITS.caption}
                          rows={2}
                        />
                      </div>
                    </div>
                  ))}
                </fieldset>
                <div className="admin-actions">
                  <button type="submit" form={FORM_ID} name="intent" value="simpan" className="button">
                    Simpan urutan dan teks
                  </button>
                </div>
              </>
            )}
          </section>
        </>
      ) : (
        <p className="admin-notice">Simpan album ini dulu; setelah itu foto-fotonya dapat diunggah.</p>
      )}
    </div>
  );
}

/**
 * The photos' order with JavaScript: a React Aria GridList whose rows are dragged (mouse, touch, or the
 * keyboard through each row's drag button), or moved with their Naik and Turun buttons. The order is
 * saved with the form (its hidden `urutan`).
 */
function PhotoOrder({
  photos,
  order,
  onChange,
  onRemove,
}: {
  photos: PhotoView[];
  order: number[];
  onChange: (order: number[]) => void;
  onRemove: (id: number) => void;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) =>
      onChange(reorderPhotos(order, [...e.keys].map(Number), Number(e.target.key), e.target.dropPosition)),
    renderDropIndicator: (target) => <DropIndicator target={target} className="gallery-drop-indicator" />,
  });
  return (
    <GridList
      aria-label="Urutan foto album"
      aria-describedby="foto-petunjuk"
      items={photos}
      // The rows' names carry their place ("Foto 2 (…)"): a new order must rename them, drop places included.
      dependencies={[order]}
      dragAndDropHooks={dragAndDropHooks}
      className="gallery-photos"
    >
      {(p) => {
        const n = order.indexOf(p.id) + 1;
        const name = photoName(n, p);
        return (
          <GridListItem id={p.id} textValue={name} className="gallery-photo">
            <Button slot="drag" className="gallery-photo__handle" aria-label={`Seret ${name}`}>
              <span aria-hidden="true">⠿</span>
            </Button>
            <Thumb photo={p} />
            <span className="gallery-photo__text">
              <span>{name}</span>
              <span className="gallery-photo__state" data-status={p.status}>
                {statusText(p)}
              </span>
            </span>
            <span className="gallery-photo__actions">
              <Button aria-label={`Naik: ${name}`} onPress={() => onChange(movePhoto(order, p.id, 'up'))}>
                Naik
              </Button>
              <Button aria-label={`Turun: ${name}`} onPress={() => onChange(movePhoto(order, p.id, 'down'))}>
                Turun
              </Button>
              <Button aria-label={`Hapus dari album: ${name}`} onPress={() => onRemove(p.id)}>
                Hapus dari album
              </Button>
            </span>
          </GridListItem>
        );
      }}
    </GridList>
  );
}

/** The step before a deletion: what goes, and a POST button to confirm it. */
export function DeleteAlbum({ id, title, photos }: { id: number; title: string; photos: number }) {
  return (
    <>
      <StaffHead title="Hapus album" within="Galeri" heading="Hapus album?" />
      <p>
        Album “{title}” ({photos} foto) akan dihapus dari galeri. Foto-fotonya tetap tersimpan di pustaka media.
        Tindakan ini tidak dapat dibatalkan.
      </p>
      <StaffConfirm submit="Ya, hapus album" cancel={`${GALLERY_STAFF_PATH}${id}/`} />
    </>
  );
}
