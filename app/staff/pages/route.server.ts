import { data, redirect } from 'react-router';
import { recordId } from '~/lib/record-id';
import { changeList, postedValues } from '~/ui/settings-form/from-schema';
import type { SettingField } from '~/ui/settings-form/model';
import type { ChangeOutcome } from './editor.server';
import { editorPath, findTreeNode, parseListCommand, previewPath, rowId, type TreeNode } from './model';

/** What the page editor's route modules share: their answers to bad addresses, stale forms and changes. */

export const notFound = () => data({ message: 'Halaman atau templat ini tidak ditemukan.' }, { status: 404 });

/** The page's id from the address (a malformed one names nothing: 404). */
export function pageId(raw: string): number {
  const id = recordId(raw);
  if (id === null) throw notFound();
  return id;
}

/** The tree's version a form carries; a form without one cannot be checked against others' saves. */
export function formVersion(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) {
    throw data({ message: 'Formulir tidak lengkap. Muat ulang halaman, lalu coba lagi.' }, { status: 400 });
  }
  return Number(raw);
}

/** The message of a change refused because someone else changed the tree first. */
export const CONFLICT =
  'Halaman ini telah diubah orang lain sejak Anda membukanya, dan perubahan Anda belum disimpan. Muat ulang penyunting untuk melihat versi terbaru, lalu ulangi.';

/** What the editor says after each kind of change (`?selesai=`). */
const DONE: Record<string, (label: string) => string> = {
  naik: (l) => `“${l}” dinaikkan.`,
  turun: (l) => `“${l}” diturunkan.`,
  'tambah-bagian': () => 'Bagian baru ditambahkan di akhir halaman.',
  'tambah-kolom': () => 'Kolom baru ditambahkan.',
  disimpan: (l) => `Pengaturan “${l}” disimpan di draf.`,
  ditambah: (l) => `Widget “${l}” ditambahkan di draf.`,
  dihapus: () => 'Elemen dihapus dari draf.',
  terbit: () => 'Draf diterbitkan: situs publik sudah menampilkan perubahan ini.',
  dibuang: () => 'Draf dibuang: penyunting menampilkan versi yang terbit.',
  dipulihkan: () => 'Versi lama dipulihkan sebagai draf: pratinjau, lalu terbitkan bila sudah sesuai.',
};

function labelOf(nodes: TreeNode[], id: string): string | null {
  const found = findTreeNode(nodes, id)?.node;
  if (!found) return null;
  return found.summary && found.type === 'widget' ? `${found.label}: ${found.summary}` : found.label;
}

/** The message after a change (`?selesai={what}&elemen={id}`), with the element whose row gets the focus. */
export function doneNotice(
  tree: TreeNode[],
  done: string | null,
  elementId: string | null,
): { ok: true; message: string; elementId?: string } | null {
  const say = DONE[done ?? ''];
  if (!say) return null;
  const label = elementId ? labelOf(tree, elementId) : null;
  return { ok: true, message: say(label ?? 'Elemen'), ...(label && elementId ? { elementId } : {}) };
}

/** The answer to a change: back to the tree (post, redirect, get), or why it was not made (400, 404, 409). */
export function answerChange(outcome: ChangeOutcome, id: number, done: string, elementId: string | null) {
  if (outcome.kind === 'saved') {
    const query = `?selesai=${done}${elementId ? `&elemen=${elementId}` : ''}`;
    throw redirect(`${editorPath(id)}${query}${elementId ? `#${rowId(elementId)}` : ''}`);
  }
  if (outcome.kind === 'missing') throw notFound();
  const notice =
    outcome.kind === 'conflict'
      ? { ok: false, message: CONFLICT }
      : { ok: false, message: outcome.message, ...(elementId ? { elementId } : {}) };
  return data({ notice }, { status: outcome.kind === 'conflict' ? 409 : 400 });
}

/** A settings form may carry a long text (a text widget holds up to 200,000 characters, URL-encoded). */
export const SETTINGS_FORM_BYTES = 1_000_000;

/** The answer to a settings form's save: back to the tree at its element, or the form again with why. */
export function answerSettings(
  outcome: ChangeOutcome,
  id: number,
  done: 'disimpan' | 'ditambah',
  elementId: string,
  values: Record<string, string>,
  /** The form's `lanjut`: 'pratinjau' goes on to the preview with the element outlined. */
  next?: string,
) {
  if (outcome.kind === 'saved') {
    // "Simpan dan pratinjau": the public page's draft with this element outlined.
    if (next === 'pratinjau') throw redirect(elementPreviewPath(id, elementId));
    throw redirect(`${editorPath(id)}?selesai=${done}&elemen=${elementId}#${rowId(elementId)}`);
  }
  if (outcome.kind === 'missing') throw notFound();
  const message = outcome.kind === 'conflict' ? CONFLICT : outcome.message;
  return data({ values, errors: { form: message } }, { status: outcome.kind === 'conflict' ? 409 : 400 });
}

/** The preview with an element outlined and scrolled to (`?elemen=`). */
export const elementPreviewPath = (id: number, elementId: string) =>
  `${previewPath(id)}?elemen=${encodeURIComponent(elementId)}`;

/**
 * A settings form posted by one of its lists' buttons (`daftar`: add, remove, raise, lower an item):
 * the form again, changed and not saved (200), with the control to focus and a fresh key (the browser
 * draws the fields anew). Null when the form was posted to be saved.
 */
export function answerListChange(fields: readonly SettingField[], posted: Record<string, string>) {
  if (posted.daftar === undefined) return null;
  const command = parseListCommand(posted.daftar);
  const change = command && changeList(fields, posted, command);
  if (!change) {
    const errors = { form: 'Daftar ini tidak ada di formulir. Muat ulang halaman, lalu coba lagi.' };
    return data({ values: postedValues(fields, posted), errors }, { status: 400 });
  }
  const { values, focus, notice } = change;
  return data({ values, errors: {}, focus, notice, drawn: crypto.randomUUID() });
}
