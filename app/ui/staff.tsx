import type { ReactNode } from 'react';
import { Form, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router';
import { CSRF_FIELD } from '~/lib/permissions';

/** What the staff area's layout route gives every screen below it (routes/admin/layout.tsx). */
export interface StaffData {
  user: { id: number; name: string; roles: string[] };
  sections: ReadonlyArray<{ path: string; label: string }>;
  /** the CSRF token every staff form and call sends (`_token` / X-CSRF-Token) */
  csrf: string;
}

export const STAFF_ROUTE_ID = 'routes/admin/layout';

/** The staff area's data, in any screen below its layout. */
export function useStaff(): StaffData {
  const data = useRouteLoaderData<StaffData>(STAFF_ROUTE_ID);
  if (!data) throw new Error('useStaff() outside the staff area');
  return data;
}

/** The hidden CSRF field every staff form carries. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={useStaff().csrf} />;
}

/** A staff screen's error: 403 and 404 in words staff understand, never a stack trace. */
export function StaffError() {
  const error = useRouteError();
  const staff = useRouteLoaderData<StaffData>(STAFF_ROUTE_ID);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | null)?.message : undefined;
  if (!isRouteErrorResponse(error)) console.error(error);
  // Refused by the staff area's own check: a signed-in visitor who is not staff (a visitor is sent to
  // sign in). A way back into the staff area would lead to this page again.
  if (status === 403 && !staff) return <NotStaff />;
  const title =
    status === 403
      ? 'Tidak diizinkan'
      : status === 404
        ? 'Tidak ditemukan'
        : status === 400
          ? 'Permintaan tidak valid'
          : 'Terjadi kesalahan';
  return (
    <section className="admin-error" role="alert">
      <title>{`${title} · Ruang Staf`}</title>
      <h1>{title}</h1>
      <p>{message ?? 'Silakan muat ulang halaman atau kembali ke ruang staf.'}</p>
      <p>
        <a href="/admin/">Kembali ke ruang staf</a>
      </p>
    </section>
  );
}

/**
 * The staff area's refusal for a signed-in student or parent: the ways out a visitor expects, the
 * site's home and the account's own page (its saved items), and signing out for someone who meant to
 * sign in with a staff account (a POST form: it works without JavaScript).
 */
function NotStaff() {
  return (
    <section className="admin-error" role="alert">
      <title>Tidak diizinkan · Ruang Staf</title>
      <h1>Tidak diizinkan</h1>
      <p>Ruang staf hanya untuk guru dan staf sekolah.</p>
      <ul>
        <li>
          <a href="/">Kembali ke beranda</a>
        </li>
        <li>
          <a href="/simpanan/">Simpanan Anda</a>
        </li>
      </ul>
      <form method="post" action="/keluar/">
        <p>Guru atau staf? Keluar, lalu masuk dengan akun staf Anda.</p>
        <button type="submit" className="button">
          Keluar
        </button>
      </form>
    </section>
  );
}

/**
 * A staff list's filter form: a GET form of the fields `children` renders (it works without JavaScript,
 * and the filtered list has an address), its button, and, while a filter is on, a link to the whole list.
 */
export function StaffListFilters({
  action,
  label,
  submit = 'Tampilkan',
  reset,
  children,
}: {
  /** the list's address */
  action: string;
  /** the form's name for screen readers, e.g. "Saring berita" */
  label: string;
  submit?: string;
  /** the link back to the whole list, shown while a filter is on (e.g. "Semua berita") */
  reset?: string | null;
  children: ReactNode;
}) {
  return (
    <Form method="get" action={action} className="staff-filters" role="search" aria-label={label}>
      {children}
      <div className="admin-actions">
        <button type="submit" className="button">
          {submit}
        </button>
        {reset ? <Link to={action}>{reset}</Link> : null}
      </div>
    </Form>
  );
}

/**
 * A staff list's table in a region of its own that scrolls sideways on a phone (the page does not), or
 * the `empty` message when there are no rows; then the list's pager, if it has pages.
 */
export function StaffTable({
  caption,
  columns,
  rows,
  empty,
  pager,
  children,
}: {
  caption: ReactNode;
  /** the column heads */
  columns: string[];
  /** how many rows `children` renders */
  rows: number;
  empty: ReactNode;
  pager?: StaffPagerProps;
  /** the rows (`<tr>`s) */
  children: ReactNode;
}) {
  return (
    <>
      {rows === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="staff-scroll">
          <table className="admin-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {pager ? <StaffPager {...pager} /> : null}
    </>
  );
}

interface StaffPagerProps {
  page: number;
  pages: number;
  /** what the pages are of, for screen readers, e.g. "Halaman daftar berita" */
  label: string;
  href: (page: number) => string;
}

/** A staff list's previous and next pages, as plain links (`href` gives a page's address). */
export function StaffPager({ page, pages, label, href }: StaffPagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Sebelumnya
        </Link>
      ) : null}
      <span>{`Halaman ${page} dari ${pages}`}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Berikutnya
        </Link>
      ) : null}
    </nav>
  );
}

/** The attributes a staff field's control takes from `StaffField`: its id, and its hint and error tied to it. */
export interface StaffControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** One labelled field of a staff form, with its hint and its error tied to the control `children` renders. */
export function StaffField({
  id,
  label,
  hint,
  error,
  hidden,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  hidden?: boolean;
  children: (control: StaffControlProps) => ReactNode;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="admin-field" hidden={hidden}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="staff-hint">
          {hint}
        </span>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error ? (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** One image a picker offers: its stored value, its name (the image's alt text) and its thumbnail. */
export interface ImageChoice {
  value: string;
  label: string;
  thumb?: string;
}

/**
 * An image chosen from the media library: a fieldset of radio buttons with thumbnails (a plain form
 * control, keyboard-usable without JavaScript), `none` first when the image may be left out.
 */
export function StaffImagePicker({
  id,
  name,
  legend,
  hint,
  choices,
  value,
  none,
  required,
  error,
  errorId = `${id}-error`,
}: {
  id: string;
  name: string;
  legend: string;
  hint?: ReactNode;
  choices: readonly ImageChoice[];
  value: string;
  /** the label of the empty choice ("Tanpa gambar"); left out, an image must be chosen */
  none?: string;
  required?: boolean;
  error?: string | undefined;
  errorId?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <fieldset
      className="post-editor__box post-editor__media"
      id={id}
      aria-describedby={error ? errorId : hint ? hintId : undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="staff-hint">
          {hint}
        </p>
      ) : null}
      <div className="post-editor__media-list">
        {none !== undefined ? (
          <label className="post-editor__media-item">
            <input type="radio" name={name} value="" defaultChecked={value === ''} />
            <span>{none}</span>
          </label>
        ) : null}
        {choices.map((c) => (
          <label key={c.value} className="post-editor__media-item">
            <input
              type="radio"
              name={name}
              value={c.value}
              defaultChecked={value === c.value}
              required={required}
              aria-invalid={error ? true : undefined}
            />
            {c.thumb ? <img src={c.thumb} alt="" width={96} height={64} loading="lazy" /> : null}
            {/* An image with no alt text yet still names its choice. */}
            <span>{c.label || `Gambar ${c.value}`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span className="admin-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
