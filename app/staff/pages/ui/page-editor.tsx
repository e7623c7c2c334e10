import { useMemo } from 'react';
import { Form, Link } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import {
  CsrfField,
  StaffConfirm,
  StaffHead,
  StaffNotice,
  StaffRevisionList,
  StaffTreeButton,
  StaffTreeLink,
  StaffTreeRow,
} from '~/ui/staff';
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
  const here = `${PAGES_STAFF_PATH}${page.id}/`;
  return (
    <>
      <StaffHead title={page.title} within="Halaman" back={{ to: PAGES_STAFF_PATH, label: '‹ Semua halaman' }} />
      <p className="staff-hint">
        {`${TYPE_LABELS[page.type]} · ${STATUS_LABELS[page.status] ?? page.status}`}
        {page.publicUrl ? (
          <>
            {' · '}
            <a href={page.publicUrl}>Lihat halaman publik</a>
          </>
        ) : null}
      </p>
      <StaffNotice notice={notice} focusId={notice?.elementId === undefined ? undefined : rowId(notice.elementId)} />
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
          <StaffRevisionList
            className="post-editor__revisions"
            revisions={page.revisions}
            action={here}
            fields={(r) => ({ versi: page.version, revisi: r.id })}
            restore={{ name: 'aksi', value: 'pulihkan' }}
            text={(r) => `Diganti oleh ${r.by}, ${formatSchoolDateTime(r.savedAt)}`}
            button={(r) => (
              <>
                Pulihkan sebagai draf
                <span className="visually-hidden">{` (versi yang diganti ${formatSchoolDateTime(r.savedAt)})`}</span>
              </>
            )}
          />
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
            <StaffTreeRow
              id={rowId(node.id)}
              data-type={node.type}
              text={
                <>
                  <strong>{node.label}</strong>
                  {node.summary && node.type !== 'widget' ? <span className="staff-hint">{node.summary}</span> : null}
                  {node.summary && node.type === 'widget' ? <span>{node.summary}</span> : null}
                </>
              }
              action={here}
              actions={
                <>
                  <input type="hidden" name="versi" value={page.version} />
                  <input type="hidden" name="elemen" value={node.id} />
                  <StaffTreeButton name="aksi" value="naik" disabled={!node.canMoveUp} label="Naik" of={name} />
                  <StaffTreeButton name="aksi" value="turun" disabled={!node.canMoveDown} label="Turun" of={name} />
                  <StaffTreeLink to={elementPath(page.id, node.id)} label="Ubah" of={name} />
                  <StaffTreeLink to={removePath(page.id, node.id)} label="Hapus" of={name} />
                  {node.type === 'section' ? (
                    <StaffTreeButton
                      name="aksi"
                      value="tambah-kolom"
                      label="Tambah kolom"
                      aria-label={`Tambah kolom di ${name}`}
                    />
                  ) : null}
                </>
              }
              after={node.type === 'column' ? <AddWidget page={page} column={node} name={name} /> : null}
            />
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
      <StaffTreeButton label="Tambah widget" aria-label={`Tambah widget di ${name}`} />
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
      <StaffHead title="Hapus elemen" within={page.title} heading="Hapus elemen?" />
      <Refused message={error} />
      <p>
        {`${element.label}${element.summary ? ` “${element.summary}”` : ''} akan dihapus dari draf “${page.title}”`}
        {element.inside > 0 ? `, bersama ${element.inside} elemen di dalamnya` : ''}. Situs publik baru berubah setelah
        draf diterbitkan; sebelum itu, “Buang draf” mengembalikannya.
      </p>
      <StaffConfirm submit="Ya, hapus" cancel={`${PAGES_STAFF_PATH}${page.id}/#${rowId(element.id)}`} danger>
        <input type="hidden" name="versi" value={page.version} />
      </StaffConfirm>
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
      <StaffHead title="Buang draf" within={page.title} heading="Buang draf?" />
      <Refused message={error} />
      <p>{`Semua perubahan yang belum diterbitkan pada “${page.title}” akan hilang. Versi yang terbit tidak berubah.`}</p>
      <StaffConfirm submit="Ya, buang draf" cancel={`${PAGES_STAFF_PATH}${page.id}/`} danger>
        <input type="hidden" name="versi" value={page.version} />
      </StaffConfirm>
    </>
  );
}

/** A refused confirmation's message, with the focus on it. */
function Refused({ message }: { message: string | null }) {
  const notice = useMemo(() => (message ? { ok: false, message } : null), [message]);
  return <StaffNotice notice={notice} />;
}
