import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import { CsrfField } from '~/ui/staff';
import {
  discardPath,
  type EditorPage,
  elementPath,
  newWidgetPath,
  PAGES_STAFF_PATH,
  previewPath,
  removePath,
  rowId,
  STATUS_LABELS,
  type TreeNode,
  TYPE_LABELS,
} from '../model';

/** What the last change did, shown above the tree. */
export interface EditorNotice {
  ok: boolean;
  message: string;
  /** The element the change was about: its row gets the focus. */
  elementId?: string;
}

export interface PageEditorProps {
  page: EditorPage;
  notice: EditorNotice | null;
}

/**
 * The block editor of a page or template (issue 14 "Pages"): its tree as nested lists (section ›
 * column › widget), each row with its buttons (Naik, Turun: one plain POST form per row; Ubah and
 * Hapus: links to their screens), a section's "Tambah kolom", a column's "Tambah widget" of a chosen
 * type, and "Tambah bagian" at the end. Every change goes to the draft; "Pratinjau" shows it as the
 * public page would, "Terbitkan" publishes it. After a change the focus goes to the row concerned.
 */
export function PageEditor({ page, notice }: PageEditorProps) {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!notice) return;
    const row = notice.elementId === undefined ? null : document.getElementById(rowId(notice.elementId));
    (row ?? noticeRef.current)?.focus();
  }, [notice]);
  const here = `${PAGES_STAFF_PATH}${page.id}/`;
  return (
    <>
      <title>{`${page.title} · Halaman · Ruang Staf`}</title>
      <p>
        <Link to={PAGES_STAFF_PATH}>‹ Semua halaman</Link>
      </p>
      <h1>{page.title}</h1>
      <p className="staff-hint">
        {`${TYPE_LABELS[page.type]} · ${STATUS_LABELS[page.status] ?? page.status}`}
        {page.publicUrl ? (
          <>
            {' · '}
            <a href={page.publicUrl}>Lihat halaman publik</a>
          </>
        ) : null}
      </p>
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.ok ? 'status' : 'alert'}
          className={notice.ok ? 'admin-notice' : 'admin-notice admin-notice--error'}
        >
          {notice.message}
        </p>
      )}
      <section className="post-editor__box" aria-labelledby="draf-judul">
        <h2 id="draf-judul">Draf</h2>
        <p>
          {page.hasDraft
            ? `Ada perubahan yang belum diterbitkan${page.draftSavedAt ? ` (disimpan ${formatSchoolDateTime(page.draftSavedAt)})` : ''}. Situs publik masih menampilkan versi yang terbit.`
            : 'Belum ada perubahan: di bawah ini versi yang terbit. Perubahan pertama membuat draf.'}
        </p>
        <Form method="post" action={here} className="admin-actions">
          <CsrfField />
          <input type="hidden" name="versi" value={page.version} />
          <Link to={previewPath(page.id)} className="button button--secondary">
            Pratinjau
          </Link>
          <button type="submit" name="aksi" value="terbitkan" className="button" disabled={!page.hasDraft}>
            Terbitkan
          </button>
          {page.hasDraft ? <Link to={discardPath(page.id)}>Buang draf</Link> : null}
        </Form>
      </section>
      <h2>Susunan</h2>
      {page.tree.length === 0 ? (
        <p>Halaman ini belum punya bagian.</p>
      ) : (
        <Nodes nodes={page.tree} page={page} parent={null} label={`Bagian ${page.title}`} />
      )}
      <Form method="post" action={here} className="admin-actions">
        <CsrfField />
        <input type="hidden" name="versi" value={page.version} />
        <button type="submit" name="aksi" value="tambah-bagian" className="button">
          Tambah bagian
        </button>
      </Form>
      <p className="staff-hint">Bagian baru ditambahkan di akhir halaman, dengan satu kolom selebar penuh.</p>
      {page.revisions.length > 0 ? (
        <section aria-labelledby="riwayat-terbit">
          <h2 id="riwayat-terbit">Versi sebelumnya</h2>
          <p className="staff-hint">
            Setiap penerbitan menyimpan versi yang digantinya. Versi yang dipulihkan menjadi draf: situs publik baru
            berubah setelah draf diterbitkan.
          </p>
          <ul className="post-editor__revisions">
            {page.revisions.map((r) => (
              <li key={r.id}>
                <Form method="post" action={here}>
                  <CsrfField />
                  <input type="hidden" name="versi" value={page.version} />
                  <input type="hidden" name="revisi" value={r.id} />
                  <span>{`Diganti oleh ${r.by}, ${formatSchoolDateTime(r.savedAt)}`}</span>{' '}
                  <button type="submit" name="aksi" value="pulihkan" className="button button--secondary">
                    Pulihkan sebagai draf
                    <span className="visually-hidden">{` (versi yang diganti ${formatSchoolDateTime(r.savedAt)})`}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A node's name in buttons and lists: its label, its summary, and for a column its section. */
function nameOf(node: TreeNode, parent: TreeNode | null): string {
  if (node.type === 'column' && parent) return `${node.label} di ${parent.label}`;
  if (node.type === 'widget' && node.summary) return `${node.label} “${node.summary}”`;
  return node.label;
}

function Nodes({
  nodes,
  page,
  parent,
  label,
}: {
  nodes: TreeNode[];
  page: EditorPage;
  parent: TreeNode | null;
  label: string;
}) {
  const here = `${PAGES_STAFF_PATH}${page.id}/`;
  return (
    <ol className="staff-menu-tree" aria-label={label}>
      {nodes.map((node) => {
        const name = nameOf(node, parent);
        return (
          <li key={node.id}>
            <div id={rowId(node.id)} tabIndex={-1} className="staff-menu-tree__row" data-type={node.type}>
              <div className="staff-menu-tree__text">
                <strong>{node.label}</strong>
                {node.summary && node.type !== 'widget' ? <span className="staff-hint">{node.summary}</span> : null}
                {node.summary && node.type === 'widget' ? <span>{node.summary}</span> : null}
              </div>
              <Form method="post" action={here} className="staff-menu-tree__actions">
                <CsrfField />
                <input type="hidden" name="versi" value={page.version} />
                <input type="hidden" name="elemen" value={node.id} />
                <button
                  type="submit"
                  name="aksi"
                  value="naik"
                  disabled={!node.canMoveUp}
                  className="button button--secondary staff-menu-tree__button"
                  aria-label={`Naik: ${name}`}
                >
                  Naik
                </button>
                <button
                  type="submit"
                  name="aksi"
                  value="turun"
                  disabled={!node.canMoveDown}
                  className="button button--secondary staff-menu-tree__button"
                  aria-label={`Turun: ${name}`}
                >
                  Turun
                </button>
                <Link
                  to={elementPath(page.id, node.id)}
                  className="button button--secondary staff-menu-tree__button"
                  aria-label={`Ubah: ${name}`}
                >
                  Ubah
                </Link>
                <Link
                  to={removePath(page.id, node.id)}
                  className="button button--secondary staff-menu-tree__button"
                  aria-label={`Hapus: ${name}`}
                >
                  Hapus
                </Link>
                {node.type === 'section' ? (
                  <button
                    type="submit"
                    name="aksi"
                    value="tambah-kolom"
                    className="button button--secondary staff-menu-tree__button"
                    aria-label={`Tambah kolom di ${name}`}
                  >
                    Tambah kolom
                  </button>
                ) : null}
              </Form>
              {node.type === 'column' ? <AddWidget page={page} column={node} name={name} /> : null}
            </div>
            {node.children.length > 0 && (
              <Nodes nodes={node.children} page={page} parent={node} label={`Isi ${name}`} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A column's "add a widget" form: a GET to the new widget's settings form, with the chosen type. */
function AddWidget({ page, column, name }: { page: EditorPage; column: TreeNode; name: string }) {
  const id = `jenis-${column.id}`;
  return (
    <Form method="get" action={newWidgetPath(page.id)} className="staff-menu-tree__actions">
      <input type="hidden" name="kolom" value={column.id} />
      <label htmlFor={id} className="visually-hidden">{`Jenis widget baru di ${name}`}</label>
      <select id={id} name="jenis" defaultValue="heading">
        {page.widgetChoices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button--secondary staff-menu-tree__button"
        aria-label={`Tambah widget di ${name}`}
      >
        Tambah widget
      </button>
    </Form>
  );
}

/** The step before an element is removed: what goes with it, and a POST button to confirm. */
export function RemoveElement({
  page,
  element,
  error,
}: {
  page: { id: number; title: string; version: number };
  element: { id: string; label: string; summary: string; inside: number };
  /** Why the removal was refused (another editor's change), null otherwise. */
  error: string | null;
}) {
  return (
    <>
      <title>{`Hapus elemen · ${page.title} · Ruang Staf`}</title>
      <h1>Hapus elemen?</h1>
      <Refused message={error} />
      <p>
        {`${element.label}${element.summary ? ` “${element.summary}”` : ''} akan dihapus dari draf “${page.title}”`}
        {element.inside > 0 ? `, bersama ${element.inside} elemen di dalamnya` : ''}. Situs publik baru berubah setelah
        draf diterbitkan; sebelum itu, “Buang draf” mengembalikannya.
      </p>
      <Form method="post" className="admin-actions">
        <CsrfField />
        <input type="hidden" name="versi" value={page.version} />
        <button type="submit" className="button post-editor__danger">
          Ya, hapus
        </button>
        <Link to={`${PAGES_STAFF_PATH}${page.id}/#${rowId(element.id)}`}>Batal</Link>
      </Form>
    </>
  );
}

/** The step before the draft is thrown away. */
export function DiscardDraft({
  page,
  error,
}: {
  page: { id: number; title: string; version: number };
  error: string | null;
}) {
  return (
    <>
      <title>{`Buang draf · ${page.title} · Ruang Staf`}</title>
      <h1>Buang draf?</h1>
      <Refused message={error} />
      <p>{`Semua perubahan yang belum diterbitkan pada “${page.title}” akan hilang. Versi yang terbit tidak berubah.`}</p>
      <Form method="post" className="admin-actions">
        <CsrfField />
        <input type="hidden" name="versi" value={page.version} />
        <button type="submit" className="button post-editor__danger">
          Ya, buang draf
        </button>
        <Link to={`${PAGES_STAFF_PATH}${page.id}/`}>Batal</Link>
      </Form>
    </>
  );
}

/** A refused confirmation's message, with the focus on it. */
function Refused({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
      {message}
    </p>
  );
}
