import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Form, Link } from 'react-router';
import { formatSchoolDateTime, formatSchoolTime } from '~/content/posts';
import { slugify } from '~/content/slug';
import { siteHref } from '~/lib/site-href';
import { type StaffControlProps, StaffHead, StaffImagePicker, StaffMessage, StaffRevisionList } from '~/ui/staff';
import {
  autosaveRefusal,
  CATEGORY_FIELD_PREFIX,
  checkPostForm,
  type EditorStatus,
  EXCERPT_MAX,
  NOT_SAVED_MESSAGE,
  newsPath,
  type PostFormValues,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  STATUS_LABELS,
  TITLE_MAX,
  valuesOf,
} from '../model';
import { localDraftFate, readLocalDraft, removeLocalDraft, sameValues, writeLocalDraft } from './local-draft';
import { RichTextField } from './rich-text';

/** What the editor screen shows (editor.server.ts `editorPage`, with a refused save's answer). */
export interface PostEditorProps {
  post: { id: number; status: EditorStatus; slug: string; link: string | null } | null;
  values: PostFormValues;
  categories: Array<{ id: number; name: string; depth: number }>;
  tagNames: string[];
  media: Array<{ id: number; alt: string; thumb: string }>;
  revisions: Array<{ id: number; title: string; savedAt: string; by: string }>;
  lastSave: { by: string; at: string } | null;
  confirmDelete: boolean;
  notice: string | null;
  failure?: { errors: Record<string, string>; message: string; values: PostFormValues; conflict?: boolean } | undefined;
  /** the staff area's hidden CSRF field, and its token for the autosave's header */
  csrfField: ReactNode;
  csrfToken: string;
}

const AUTOSAVE_AFTER_MS = 3_000;
/** An autosave that found no server is tried again this long after (at once when the browser is back online). */
const RETRY_AFTER_MS = 5_000;

/** The news editor: one plain form (works without JavaScript); Tiptap and autosave once hydrated. */
export function PostEditor(props: PostEditorProps) {
  const { post, csrfField } = props;
  // Text typed on this device that the server never got, put back when the editor opens (issue 25).
  const [restored, setRestored] = useState<PostFormValues | null>(null);
  const values = restored ?? props.failure?.values ?? props.values;
  // A form the browser refused (the same schema as the server's) shows its messages like the server's.
  const [refused, setRefused] = useState<{
    errors: Record<string, string>;
    message: string;
    conflict?: boolean;
  } | null>(null);
  const failure = refused ?? props.failure;
  const errors = failure?.errors ?? {};
  const [modifiedAt, setModifiedAt] = useState(values.modified_at);
  const [slugTouched, setSlugTouched] = useState(values.slug !== '');
  const [slugHint, setSlugHint] = useState(values.slug || slugify(values.title));
  const autosave = useAutosave(post, props.csrfToken, setModifiedAt);
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setModifiedAt(values.modified_at);
  }, [values.modified_at]);
  useEffect(() => {
    if (failure) messageRef.current?.focus();
  }, [failure]);
  // Once, when the editor opens (it is drawn afresh for each stored version: the route's key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the server sent when the editor opened
  useEffect(() => {
    // A new post saved (or published) by a button lands here with a notice: the copy kept while it was
    // typed arrived, and must not come back in the next new post.
    if (post && props.notice && readLocalDraft(null)?.sent) removeLocalDraft(null);
    if (props.failure) return;
    const draft = readLocalDraft(post?.id ?? null);
    const fate = localDraftFate(draft, props.values);
    if (fate === 'drop') removeLocalDraft(post?.id ?? null);
    if (fate !== 'restore' || !draft || !autosave.enabled) return;
    setRestored(draft.values);
    setModifiedAt(draft.values.modified_at);
    setSlugTouched(draft.values.slug !== '');
    setSlugHint(draft.values.slug || slugify(draft.values.title));
  }, []);
  useEffect(() => {
    if (restored) autosave.restored(formRef.current, restored.content);
  }, [restored, autosave.restored]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    autosave.cancel();
    const form = event.currentTarget;
    const checked = checkPostForm(valuesOf(formFields(form)));
    if ('errors' in checked) {
      event.preventDefault();
      setRefused({ errors: checked.errors, message: NOT_SAVED_MESSAGE });
      return;
    }
    setRefused(null);
    autosave.sent(form);
    // A first autosave still on its way is creating the post: send the form to it once it is there.
    const pending = autosave.pending();
    if (pending) {
      event.preventDefault();
      const { submitter } = event.nativeEvent as SubmitEvent;
      void pending.then(() => form.requestSubmit(submitter));
    }
  };

  const err = (field: string) => (errors[field] ? `galat-${field}` : undefined);
  const fieldError = (field: string) => <FieldError field={field} errors={errors} />;
  const scheduleAutosave = () => autosave.schedule(formRef.current);

  return (
    <div className="post-editor">
      <StaffHead
        title={post ? 'Sunting berita' : 'Berita baru'}
        back={{ to: siteHref('/admin/berita'), label: '← Semua berita' }}
      />
      {post ? (
        <p className="post-editor__status">
          Status: <strong>{STATUS_LABELS[post.status]}</strong>
          {post.link ? (
            <>
              {' · '}
              <a href={post.link}>Lihat di situs</a>
            </>
          ) : null}
          {props.lastSave
            ? ` · Terakhir disimpan oleh ${props.lastSave.by}, ${formatSchoolDateTime(props.lastSave.at)} WIB`
            : null}
        </p>
      ) : null}
      <StaffMessage>{failure ? null : props.notice}</StaffMessage>
      {failure ? (
        <div className="admin-notice admin-notice--error" role="alert" tabIndex={-1} ref={messageRef}>
          <p>{failure.message}</p>
          {failure.conflict && post ? (
            <p>
              <a href={newsPath(post.id)} target="_blank" rel="noopener">
                Buka versi terbaru di tab baru
              </a>
            </p>
          ) : null}
          {errors.form ? <p>{errors.form}</p> : null}
          {Object.keys(errors).length > 0 ? (
            <ul>
              {Object.entries(errors)
                .filter(([field]) => field !== 'form')
                .map(([field, message]) => (
                  <li key={field}>
                    <a href={`#isian-${field}`}>{message}</a>
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {props.confirmDelete && post ? <DeleteConfirm id={post.id} csrfField={csrfField} /> : null}

      <Form
        // Drawn afresh with the values of this device's copy when they are put back.
        key={restored ? 'dipulihkan' : 'server'}
        method="post"
        ref={formRef}
        // A new post the autosave has stored is saved at its own address from then on.
        action={!post && autosave.id ? newsPath(autosave.id) : undefined}
        className="post-editor__form"
        onChange={scheduleAutosave}
        onSubmit={onSubmit}
        noValidate
      >
        {csrfField}
        <input type="hidden" name="modified_at" value={modifiedAt} />
        <div className="post-editor__main">
          <EditorField name="title" label={`Judul (wajib, paling banyak ${TITLE_MAX} karakter)`} errors={errors}>
            {(control) => (
              <input
                {...control}
                defaultValue={values.title}
                required
                onChange={(e) => {
                  if (!slugTouched) setSlugHint(slugify(e.currentTarget.value));
                }}
              />
            )}
          </EditorField>
          <EditorField
            name="slug"
            label="Slug (alamat tulisan)"
            hint={{
              id: 'bantuan-slug',
              text: 'Kosongkan agar dibuat dari judul; slug yang sudah dipakai mendapat akhiran -2.',
            }}
            errors={errors}
          >
            {(control) => (
              <input
                {...control}
                defaultValue={values.slug}
                placeholder={slugHint || 'dibuat otomatis dari judul'}
                onChange={(e) => setSlugTouched(e.currentTarget.value !== '')}
              />
            )}
          </EditorField>
          <EditorField name="excerpt" label={`Ringkasan (paling banyak ${EXCERPT_MAX} karakter)`} errors={errors}>
            {(control) => <textarea {...control} rows={3} defaultValue={values.excerpt} />}
          </EditorField>
          <div id="isian-content">
            <RichTextField
              name="content"
              label="Isi berita"
              defaultValue={values.content}
              errorId={err('content')}
              onChange={(html) => autosave.schedule(formRef.current, html)}
            />
            {fieldError('content')}
          </div>
          <p className="post-editor__hint" aria-live="polite">
            {autosave.status}
          </p>
        </div>

        <div className="post-editor__side">
          <fieldset className="post-editor__box" id="isian-categories" aria-describedby={err('categories')}>
            <legend>Kategori</legend>
            {props.categories.map((c) => (
              <div key={c.id} className="post-editor__check" style={{ paddingLeft: `${c.depth * 1.25}rem` }}>
                <input
                  type="checkbox"
                  id={`kategori-${c.id}`}
                  name={`${CATEGORY_FIELD_PREFIX}${c.id}`}
                  defaultChecked={values.categories.includes(c.id)}
                />
                <label htmlFor={`kategori-${c.id}`}>{c.name}</label>
              </div>
            ))}
            {fieldError('categories')}
          </fieldset>
          <EditorField name="tags" label="Tag (pisahkan dengan koma)" errors={errors}>
            {(control) => (
              <>
                <input {...control} defaultValue={values.tags} list="daftar-tag" />
                <datalist id="daftar-tag">
                  {props.tagNames.map((t) => (
                    <option key={t} value={t} />
                  ))}
                </datalist>
              </>
            )}
          </EditorField>
          <EditorField
            name="published_at"
            label="Tanggal terbit (WIB)"
            hint={{
              id: 'bantuan-terbit',
              text: 'Tanggal yang akan datang menjadwalkan tulisan: terbit otomatis pada waktunya.',
            }}
            errors={errors}
          >
            {(control) => <input {...control} type="datetime-local" defaultValue={values.published_at} />}
          </EditorField>
          <StaffImagePicker
            id="isian-featured_media_id"
            name="featured_media_id"
            legend="Gambar utama"
            none="Tanpa gambar"
            choices={props.media.map((m) => ({ value: String(m.id), label: m.alt, thumb: m.thumb }))}
            value={values.featured_media_id}
            error={errors.featured_media_id}
            errorId="galat-featured_media_id"
          />
          <fieldset className="post-editor__box">
            <legend>SEO</legend>
            <EditorField name="seo_title" label={`Judul SEO (paling banyak ${SEO_TITLE_MAX} karakter)`} errors={errors}>
              {(control) => <input {...control} defaultValue={values.seo_title} />}
            </EditorField>
            <EditorField
              name="seo_description"
              label={`Deskripsi SEO (paling banyak ${SEO_DESCRIPTION_MAX} karakter)`}
              errors={errors}
            >
              {(control) => <textarea {...control} rows={3} defaultValue={values.seo_description} />}
            </EditorField>
          </fieldset>
        </div>

        <div className="admin-actions post-editor__actions">
          <button type="submit" name="intent" value="save" className="button button--secondary">
            {post?.status === 'publish' || post?.status === 'future' ? 'Simpan perubahan' : 'Simpan draf'}
          </button>
          {post?.status !== 'publish' ? (
            <button type="submit" name="intent" value="publish" className="button">
              Terbitkan
            </button>
          ) : null}
          {post && post.status !== 'draft' ? (
            <button type="submit" name="intent" value="unpublish" className="button button--secondary">
              Batalkan terbit
            </button>
          ) : null}
          {post ? (
            <Link to={`${newsPath(post.id)}?hapus=1`} className="button post-editor__danger">
              Hapus
            </Link>
          ) : null}
        </div>
      </Form>

      {post && props.revisions.length > 0 ? (
        <section className="post-editor__revisions" aria-labelledby="judul-revisi">
          <h2 id="judul-revisi">Riwayat revisi</h2>
          <StaffRevisionList
            revisions={props.revisions}
            fields={(r) => ({ revision: r.id })}
            restore={{ name: 'intent', value: 'restore' }}
            text={(r) => (
              <>
                “{r.title}” · diganti oleh {r.by}, {formatSchoolDateTime(r.savedAt)} WIB
              </>
            )}
            button={(r) => (
              <>
                Pulihkan<span className="visually-hidden"> versi “{r.title}”</span>
              </>
            )}
          />
        </section>
      ) : null}
    </div>
  );
}

/** A field's message after a refused save (`galat-…`, which the field's aria-describedby names). */
function FieldError({ field, errors }: { field: string; errors: Record<string, string> }) {
  return errors[field] ? (
    <span className="admin-field__error" id={`galat-${field}`}>
      {errors[field]}
    </span>
  ) : null;
}

/**
 * One field of the editor: its label, the control `children` draws with its id (`isian-…`, the problem
 * list's link target), name, and the ids of the hint under it and of its message.
 */
function EditorField({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: { id: string; text: string };
  errors: Record<string, string>;
  children: (control: StaffControlProps & { name: string }) => ReactNode;
}) {
  const described = [hint?.id, errors[name] && `galat-${name}`].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={`isian-${name}`}>{label}</label>
      {children({
        id: `isian-${name}`,
        name,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(errors[name] ? { 'aria-invalid': true } : {}),
      })}
      {hint ? (
        <span id={hint.id} className="post-editor__hint">
          {hint.text}
        </span>
      ) : null}
      <FieldError field={name} errors={errors} />
    </div>
  );
}

function DeleteConfirm({ id, csrfField }: { id: number; csrfField: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      className="admin-notice admin-notice--error"
      aria-labelledby="judul-hapus"
      tabIndex={-1}
      ref={ref}
      role="alertdialog"
    >
      <h2 id="judul-hapus">Hapus tulisan ini?</h2>
      <p>Tulisan, revisinya, dan ulasannya dihapus untuk selamanya.</p>
      <Form method="post" className="admin-actions">
        {csrfField}
        <button type="submit" name="intent" value="delete" className="button post-editor__danger">
          Ya, hapus
        </button>
        <Link to={newsPath(id)} className="button button--secondary">
          Batal
        </Link>
      </Form>
    </section>
  );
}

/** The form's fields as the server reads them (text only: the editor's form has no files). */
function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

interface AutosaveAnswer {
  ok: boolean;
  id?: number;
  modifiedAt?: string;
  message?: string;
}

/** What the editor says while the server cannot be reached (the text waits on this device). */
const OFFLINE_STATUS =
  'Draf belum tersimpan otomatis (koneksi terputus). Teks disimpan di perangkat ini dan dikirim lagi begitu tersambung.';

/**
 * Saves a draft a few seconds after the last keystroke, with a fetch carrying the CSRF header; the
 * answer's modified time goes into the form, so the next save is not taken for a conflict. A new post
 * is stored as a draft by its first autosave (once the form passes the schema), and the address bar
 * takes the draft's address, so a reload opens what was typed. Saves run one after another: a second
 * one never creates a second post. Until the server has the text, each change is also kept on this
 * device (local-draft.ts), and a save that reached no server (none answering, the connection lost, a
 * 5xx of a proxy) is tried again every few seconds and when the browser is back online (issue 25).
 */
function useAutosave(
  post: PostEditorProps['post'],
  token: string,
  setModifiedAt: (value: string) => void,
): {
  /** after a change; `content` is the body's new HTML (its hidden field takes it a render later) */
  schedule: (form: HTMLFormElement | null, content?: string) => void;
  cancel: () => void;
  /** the form is being sent by a button (it passed the browser's check) */
  sent: (form: HTMLFormElement) => void;
  /** this device's copy was put back into `form`: say so, and save it */
  restored: (form: HTMLFormElement | null, content: string) => void;
  pending: () => Promise<void> | null;
  enabled: boolean;
  id: number | null;
  status: string;
} {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void } | null>(null);
  const queue = useRef<Promise<void> | null>(null);
  const content = useRef<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const idRef = useRef<number | null>(post?.id ?? null);
  const [status, setStatus] = useState('');
  const enabled = post === null || post.status === 'draft';

  const stopRetry = useCallback(() => {
    if (retry.current) clearTimeout(retry.current.timer);
    retry.current = null;
  }, []);
  useEffect(() => {
    const again = () => {
      const waiting = retry.current;
      stopRetry();
      waiting?.run();
    };
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener('online', again);
      clearTimeout(timer.current);
      stopRetry();
    };
  }, [stopRetry]);

  /** The form as it is now (the body's latest HTML included). */
  const current = useCallback((form: HTMLFormElement) => {
    const fields = formFields(form);
    if (content.current !== null) fields.content = content.current;
    return valuesOf(fields);
  }, []);

  /** Saves the form once; true when no server answered (try again). */
  const save = useCallback(
    async (form: HTMLFormElement): Promise<boolean> => {
      const values = current(form);
      const checked = checkPostForm(values);
      if ('errors' in checked) {
        setStatus(autosaveRefusal(checked.errors));
        return false;
      }
      const fields = formFields(form);
      fields.content = values.content;
      const id = idRef.current;
      setStatus('Menyimpan draf…');
      let answer: AutosaveAnswer;
      try {
        const res = await fetch(`${id ? newsPath(id) : siteHref('/admin/berita/baru')}autosimpan`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': token },
          body: new URLSearchParams(fields),
        });
        if (res.status >= 500) throw new Error(`autosave answered ${res.status}`);
        answer = (await res.json()) as AutosaveAnswer;
      } catch {
        setStatus(OFFLINE_STATUS);
        return true;
      }
      if (!answer.ok || !answer.modifiedAt) {
        setStatus(answer.message ?? 'Draf belum tersimpan otomatis.');
        return false;
      }
      if (id === null && answer.id) {
        idRef.current = answer.id;
        removeLocalDraft(null);
        // At once, so a save waiting for this one is sent to the new address.
        flushSync(() => setCreatedId(answer.id ?? null));
        window.history.replaceState(window.history.state, '', newsPath(answer.id));
      }
      setModifiedAt(answer.modifiedAt);
      // The hidden field must hold the new time before any later save reads the form.
      const field = form.elements.namedItem('modified_at');
      if (field instanceof HTMLInputElement) field.value = answer.modifiedAt;
      // This device's copy is done with once the server has all of it; else it is typed over the new version.
      const now = current(form);
      if (sameValues(now, values)) removeLocalDraft(idRef.current);
      else writeLocalDraft(idRef.current, { values: now });
      setStatus(`Draf tersimpan otomatis pukul ${formatSchoolTime(answer.modifiedAt)}.`);
      return false;
    },
    [token, setModifiedAt, current],
  );

  /** Queues a save of `form` after the ones on their way; one that reached no server is tried again. */
  const attempt = useCallback(
    (form: HTMLFormElement) => {
      stopRetry();
      const run = (queue.current ?? Promise.resolve())
        .then(() => save(form))
        .then((again) => {
          if (!again) return;
          const next = () => attempt(form);
          retry.current = { timer: setTimeout(next, RETRY_AFTER_MS), run: next };
        });
      queue.current = run;
      void run.finally(() => {
        if (queue.current === run) queue.current = null;
      });
    },
    [save, stopRetry],
  );

  const schedule = useCallback(
    (form: HTMLFormElement | null, html?: string) => {
      if (!enabled || !form) return;
      if (html !== undefined) content.current = html;
      writeLocalDraft(idRef.current, { values: current(form) });
      clearTimeout(timer.current);
      stopRetry();
      timer.current = setTimeout(() => attempt(form), AUTOSAVE_AFTER_MS);
    },
    [enabled, attempt, current, stopRetry],
  );
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    stopRetry();
  }, [stopRetry]);
  const sent = useCallback(
    (form: HTMLFormElement) => {
      if (enabled) writeLocalDraft(idRef.current, { values: current(form), sent: true });
    },
    [enabled, current],
  );
  const restored = useCallback(
    (form: HTMLFormElement | null, html: string) => {
      schedule(form, html);
      setStatus('Teks yang belum tersimpan dipulihkan dari perangkat ini; draf disimpan otomatis sebentar lagi.');
    },
    [schedule],
  );
  const pending = useCallback(() => queue.current, []);
  return { schedule, cancel, sent, restored, pending, enabled, id: post?.id ?? createdId, status };
}
