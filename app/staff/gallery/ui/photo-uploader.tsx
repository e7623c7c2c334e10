import { useEffect, useRef, useState } from 'react';
import { DropZone } from 'react-aria-components';
import { useRevalidator } from 'react-router';
import { CsrfField, useStaff } from '~/ui/staff';
import { GALLERY_STAFF_PATH, type PhotoView, UPLOAD_ACCEPT, UPLOAD_LIMITS } from '../model';

/** Files sent at once: a few, so that one slow file does not hold up the rest, and the server is not flooded. */
const PARALLEL = 3;
const POLL_MS = 1_000;

/** A file waiting to be sent, with its place among the files chosen (or dropped) with it. */
interface Queued {
  key: number;
  file: File;
  batch: string;
  position: number;
}

/** A token for the files chosen together (model.ts `parseUploadPlace`); plain HTTP has no randomUUID. */
const newBatch = () =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`.replace(/[^a-z0-9]/g, '').padEnd(8, '0');

type UploadState = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

interface Entry {
  key: number;
  name: string;
  state: UploadState;
  progress: number;
  mediaId?: number;
  message?: string;
}

function stateText(e: Entry): string {
  switch (e.state) {
    case 'waiting':
      return 'Menunggu giliran…';
    case 'uploading':
      return `Mengunggah… ${e.progress}%`;
    case 'processing':
      return 'Sedang diproses…';
    case 'done':
      return 'Selesai';
    default:
      return `Gagal: ${e.message ?? 'coba lagi.'}`;
  }
}

/**
 * The upload of an album's photos. Without JavaScript: a multipart form with a file input for many
 * files, posted at once. With it: files dropped on the drop zone or chosen with the same input go one a
 * request (XMLHttpRequest, for its upload progress), three at a time, each with its progress and state;
 * the album's photo list is polled until each is processed or failed.
 */
export function PhotoUploader({
  albumId,
  live,
  upload,
}: {
  albumId: number;
  live: boolean;
  upload: { stored: number; refused: Array<{ name: string; message: string }> } | null;
}) {
  const { csrf } = useStaff();
  const revalidator = useRevalidator();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [tick, setTick] = useState(0);
  const queue = useRef<Queued[]>([]);
  const active = useRef(0);
  const nextKey = useRef(1);
  const action = `${GALLERY_STAFF_PATH}${albumId}/unggah/`;

  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const send = ({ key, file, batch, position }: Queued) =>
    new Promise<void>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', action);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('X-CSRF-Token', csrf);
      update(key, { state: 'uploading' });
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) update(key, { progress: Math.round((e.loaded * 100) / e.total) });
      };
      xhr.onload = () => {
        let body: { results?: Array<{ ok: boolean; id?: number; message?: string }>; message?: string } | null = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        const result = body?.results?.[0];
        if (result?.ok && result.id) {
          update(key, { state: 'processing', progress: 100, mediaId: result.id });
          revalidator.revalidate();
        } else {
          update(key, {
            state: 'failed',
            message: result?.message ?? body?.message ?? 'Unggahan tidak diterima. Muat ulang halaman, lalu coba lagi.',
          });
        }
        resolve();
      };
      xhr.onerror = () => {
        update(key, { state: 'failed', message: 'Koneksi terputus. Periksa jaringan, lalu unggah lagi.' });
        resolve();
      };
      const data = new FormData();
      // Its place among the files chosen with it: the album lists them as chosen, whichever lands first.
      data.append('kelompok', batch);
      data.append('urutan', String(position));
      data.append('foto', file);
      xhr.send(data);
    });

  const pump = () => {
    while (active.current < PARALLEL && queue.current.length > 0) {
      const job = queue.current.shift() as Queued;
      active.current++;
      void send(job).finally(() => {
        active.current--;
        pump();
      });
    }
  };

  const add = (files: File[]) => {
    const batch = newBatch();
    const added = files.map((file, position) => ({ key: nextKey.current++, file, batch, position }));
    setEntries((all) => [
      ...all,
      ...added.map(({ key, file }) => ({ key, name: file.name, state: 'waiting' as const, progress: 0 })),
    ]);
    queue.current.push(...added);
    pump();
  };

  // While uploads are being processed, their state is read again every second.
  const processing = entries.filter((e) => e.state === 'processing').map((e) => e.mediaId);
  const waitingFor = processing.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: polled again on each tick while some are processing
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`${GALLERY_STAFF_PATH}${albumId}/foto/`, { headers: { accept: 'application/json' } });
        const { photos } = (await res.json()) as { photos: PhotoView[] };
        const ended = photos.filter((p) => p.status !== 'processing' && waitingFor.split(',').includes(String(p.id)));
        if (ended.length > 0) {
          setEntries((all) =>
            all.map((e) => {
              const p = ended.find((x) => x.id === e.mediaId);
              if (!p || e.state !== 'processing') return e;
              return p.status === 'ready'
                ? { ...e, state: 'done' }
                : { ...e, state: 'failed', message: p.message ?? 'Gagal diproses.' };
            }),
          );
          revalidator.revalidate();
        }
      } catch {
        // The next tick asks again.
      }
      setTick((t) => t + 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, tick]);

  const finished = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'failed').length;
  return (
    <section id="unggah" className="gallery-editor__box" aria-labelledby="unggah-judul">
      <h2 id="unggah-judul">Unggah foto</h2>
      {upload && (
        <div role="status" className={`admin-notice${upload.refused.length > 0 ? ' admin-notice--error' : ''}`}>
          <p>{`${upload.stored} foto diunggah dan sedang diproses.`}</p>
          {upload.refused.length > 0 && (
            <ul>
              {upload.refused.map((r) => (
                <li key={r.name}>{`${r.name}: ${r.message}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <form method="post" encType="multipart/form-data" action={action} onSubmit={(e) => live && e.preventDefault()}>
        <CsrfField />
        <DropZone
          className="gallery-drop"
          aria-label="Area unggah foto: lepaskan foto di sini"
          onDrop={async (e) => {
            const files = await Promise.all(e.items.flatMap((item) => (item.kind === 'file' ? [item.getFile()] : [])));
            if (files.length > 0) add(files);
          }}
        >
          <label htmlFor="unggah-foto">
            <strong>Pilih foto</strong> atau seret dan lepaskan foto ke area ini
          </label>
          <input
            id="unggah-foto"
            type="file"
            name="foto"
            multiple
            accept={UPLOAD_ACCEPT}
            aria-describedby="unggah-petunjuk"
            onChange={(e) => {
              if (!live) return;
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (files.length > 0) add(files);
            }}
          />
          <span id="unggah-petunjuk" className="staff-hint">
            JPEG, PNG, WebP, atau AVIF; paling besar {UPLOAD_LIMITS.bytes / 1024 / 1024} MB dan{' '}
            {UPLOAD_LIMITS.pixels / 1_000_000} megapiksel per foto.
          </span>
        </DropZone>
        {!live && (
          <p className="admin-actions">
            <button type="submit" className="button">
              Unggah
            </button>
          </p>
        )}
      </form>
      {entries.length > 0 && (
        <>
          <p role="status" className="staff-hint">
            {`${finished} dari ${entries.length} foto selesai${failed > 0 ? `, ${failed} gagal` : ''}.`}
          </p>
          <ul className="gallery-uploads" aria-label="Unggahan">
            {entries.map((e) => (
              <li key={e.key} data-state={e.state}>
                <span>{e.name}</span>
                {(e.state === 'uploading' || e.state === 'waiting') && (
                  <progress max={100} value={e.progress} aria-label={`Kemajuan unggahan ${e.name}`} />
                )}
                <span className="gallery-upload__state">{stateText(e)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
