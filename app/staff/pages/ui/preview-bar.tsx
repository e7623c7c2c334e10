import { CSRF_FIELD } from '~/lib/permissions';
import { editorPath, elementPath } from '../model';

export interface PreviewBarProps {
  id: number;
  title: string;
  hasDraft: boolean;
  version: number;
  /** The staff CSRF token (the preview is outside the staff frame, whose forms carry it otherwise). */
  csrf: string;
  /** The element being edited, outlined on the page (issue 22), null when none is. */
  element: { id: string; label: string } | null;
}

/**
 * The note above a page's preview (issue 14 "Pages"): what is shown, a way back to the editor, and
 * "Terbitkan" (a plain POST form to the editor). Styled with the public site's own classes: the
 * preview is the public page's frame.
 */
export function PreviewBar({ id, title, hasDraft, version, csrf, element }: PreviewBarProps) {
  return (
    <aside
      className="account-message account-message--notice"
      aria-label="Pratinjau"
      style={{
        margin: '12px auto',
        maxWidth: 'var(--container)',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '8px 16px',
        alignItems: 'center',
      }}
    >
      <p style={{ margin: 0, flex: '1 1 16rem' }}>
        <strong>Pratinjau.</strong>{' '}
        {hasDraft
          ? `Draf “${title}” yang belum diterbitkan, seperti akan tampil di situs. Pengunjung belum melihatnya.`
          : `“${title}” tidak punya draf: ini versi yang terbit.`}
        {element ? ` Garis putus-putus menandai ${element.label} yang sedang diubah.` : null}
      </p>
      {element ? <a href={elementPath(id, element.id)}>{`Kembali ke pengaturan ${element.label}`}</a> : null}
      <a href={editorPath(id)}>Kembali ke penyunting</a>
      {hasDraft ? (
        <form method="post" action={editorPath(id)} style={{ margin: 0 }}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="versi" value={version} />
          <button type="submit" name="aksi" value="terbitkan" className="button">
            Terbitkan
          </button>
        </form>
      ) : null}
    </aside>
  );
}
