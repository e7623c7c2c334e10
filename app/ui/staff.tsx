import {
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from 'react';
import { Form, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router';
import { CSRF_FIELD } from '~/lib/permissions';
import { NO_ERRORS } from '~/lib/shown-form';
import { siteHref } from '~/lib/site-href';

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

/**
 * A staff screen's head: the document title (the screen, where it is, the staff area: "Ubah acara ·
 * Agenda · Ruang Staf"), the link back up to its list, and its heading.
 */
export function StaffHead({
  title,
  within,
  heading = title,
  back,
}: {
  /** the screen's name: the document title's first part, and its heading unless `heading` is given */
  title: string;
  /** the section the screen is in ("Agenda"), between its name and the staff area's in the document title */
  within?: string;
  heading?: ReactNode;
  /** the link up to the screen's list ("‹ Semua acara") */
  back?: { to: string; label: string };
}) {
  return (
    <>
      <title>{`${title}${within ? ` · ${within}` : ''} · Ruang Staf`}</title>
      {back ? (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      ) : null}
      <h1>{heading}</h1>
    </>
  );
}

/** A message at the top of a staff screen: a status (what the last change did), or with `error` an alert. */
export function StaffMessage({
  error = false,
  tabIndex,
  ref,
  children,
}: {
  error?: boolean;
  tabIndex?: number;
  ref?: Ref<HTMLParagraphElement>;
  /** the message; none, no message */
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <p
      ref={ref}
      tabIndex={tabIndex}
      role={error ? 'alert' : 'status'}
      className={error ? 'admin-notice admin-notice--error' : 'admin-notice'}
    >
      {children}
    </p>
  );
}

/** What a change did, as a staff screen says it after the change (`ok` false: it was refused). */
export interface StaffNoticeData {
  ok: boolean;
  message: string;
}

/**
 * The message after a change, given the focus when it comes, since the button pressed may be gone; or,
 * when the element `focusId` names is on the page (the row the change was about), that element.
 */
export function StaffNotice({ notice, focusId }: { notice: StaffNoticeData | null; focusId?: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!notice) return;
    const target = focusId === undefined ? null : document.getElementById(focusId);
    (target ?? ref.current)?.focus();
  }, [notice, focusId]);
  if (!notice) return null;
  return (
    <StaffMessage ref={ref} tabIndex={-1} error={!notice.ok}>
      {notice.message}
    </StaffMessage>
  );
}

/**
 * The problems of a refused staff form, each message a link to its field (`href`; a message about the
 * whole form has none). A new answer with problems (not a re-render while typing) moves the focus here.
 */
export function StaffProblems({
  subject,
  errors,
  href,
}: {
  /** what was not saved ("Acara"): the list's first words */
  subject: string;
  /** the messages by field name (`form` for the whole form) */
  errors: Record<string, string>;
  href: (field: string) => string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors);
  useEffect(() => {
    if (Object.keys(errors).length > 0) ref.current?.focus();
  }, [errors]);
  if (problems.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
      <p>{`${subject} belum disimpan. Periksa isian berikut:`}</p>
      <ul>
        {problems.map(([field, message]) => {
          const to = href(field);
          return <li key={field}>{to ? <a href={to}>{message}</a> : message}</li>;
        })}
      </ul>
    </div>
  );
}

/** A staff form's button, with `children` beside it (a way back, a link to delete). */
export function StaffSubmit({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="button">
        {label}
      </button>
      {children}
    </div>
  );
}

/** The step before a deletion: a POST form of the hidden fields `children` gives, its button, and a way back. */
export function StaffConfirm({
  submit,
  cancel,
  danger = false,
  children,
}: {
  /** the button's words ("Ya, hapus acara") */
  submit: string;
  /** where "Batal" leads */
  cancel: string;
  /** the button in the colour of a loss */
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="admin-actions">
      <CsrfField />
      {children}
      <button type="submit" className={danger ? 'button post-editor__danger' : 'button'}>
        {submit}
      </button>
      <Link to={cancel}>Batal</Link>
    </Form>
  );
}

/**
 * An editor's earlier versions, each restored by a POST form of its own: the hidden fields `fields` gives
 * (the version, and what else the restore needs), the version in words, and the restore button.
 */
export function StaffRevisionList<R extends { id: number }>({
  revisions,
  className,
  action,
  fields,
  restore,
  text,
  button,
}: {
  revisions: readonly R[];
  className?: string;
  /** where the forms post; the screen's own address when left out */
  action?: string;
  fields: (revision: R) => Record<string, string | number>;
  /** the restore button's name and value */
  restore: { name: string; value: string };
  text: (revision: R) => ReactNode;
  /** the restore button's words */
  button: (revision: R) => ReactNode;
}) {
  return (
    <ul className={className}>
      {revisions.map((r) => (
        <li key={r.id}>
          <Form method="post" action={action}>
            <CsrfField />
            {Object.entries(fields(r)).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <span>{text(r)}</span>{' '}
            <button type="submit" name={restore.name} value={restore.value} className="button button--secondary">
              {button(r)}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
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
      <StaffHead title={title} />
      <p>{message ?? 'Silakan muat ulang halaman atau kembali ke ruang staf.'}</p>
      <p>
        <a href={siteHref('/admin')}>Kembali ke ruang staf</a>
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
      <StaffHead title="Tidak diizinkan" />
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

/** A select of a staff list's filter form: the query's value chosen, after the choice of every row. */
export interface StaffListSelect {
  label: string;
  /** the field's name in the list's address */
  name: string;
  /** the query's value; null: this filter is off */
  value: string | number | null;
  /** the choice of every row ("Semua status") */
  all: string;
  options: readonly StaffOption[];
}

/** A list screen's link to add to it ("Tambah album"), with `children` after it (other ways in). */
export function StaffAddLink({ to, label, children }: { to: string; label: string; children?: ReactNode }) {
  return (
    <p className="admin-actions">
      <Link to={to} className="button">
        {label}
      </Link>
      {children}
    </p>
  );
}

/**
 * A staff list's filter form: a GET form of its search box, its selects and the fields `children` renders
 * (it works without JavaScript, and the filtered list has an address), its button, and, while a filter is
 * on, a link to the whole list. The fields' ids are `{id}-q` and `{id}-{name}`.
 */
export function StaffListFilters({
  action,
  label,
  submit = 'Tampilkan',
  id,
  search,
  selects = [],
  reset,
  filtered = Boolean(search?.value) || selects.some((s) => s.value !== null),
  children,
}: {
  /** the list's address */
  action: string;
  /** the form's name for screen readers, e.g. "Saring berita" */
  label: string;
  submit?: string;
  id: string;
  /** the search box (`q`), its id `{id}-q` unless it has its own */
  search?: { id?: string; label: string; value: string; maxLength: number; autoComplete?: string };
  selects?: readonly StaffListSelect[];
  /** the link back to the whole list, shown while a filter is on (e.g. "Semua berita") */
  reset: string;
  /** whether a filter is on; by default, whether the search or a select has a value */
  filtered?: boolean;
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} className="staff-filters" role="search" aria-label={label}>
      {search ? <StaffSearchField id={`${id}-q`} {...search} /> : null}
      {selects.map((s) => (
        <StaffSelect
          key={s.name}
          id={`${id}-${s.name}`}
          label={s.label}
          name={s.name}
          defaultValue={s.value ?? ''}
          empty={s.all}
          options={s.options}
        />
      ))}
      {children}
      <div className="admin-actions">
        <button type="submit" className="button">
          {submit}
        </button>
        {filtered ? <Link to={action}>{reset}</Link> : null}
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
            <StaffTableHead columns={columns} />
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {pager ? <StaffPager {...pager} /> : null}
    </>
  );
}

/** A staff table's column heads. */
export function StaffTableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A staff table's row: its name, its screen, its cells, and other attributes of the row (`data-status` …). */
export type StaffRowProps = {
  href?: string;
  name: ReactNode;
  cells: ReactNode[];
} & HTMLAttributes<HTMLTableRowElement> & {
    [data: `data-${string}`]: string | undefined;
  };

/**
 * One row of a staff table: its name in the row's head cell (a link to its screen when `href` is given),
 * then a cell for each of `cells`; other attributes (`data-status` …) go to the row.
 */
export function StaffRow({ href, name, cells, ...row }: StaffRowProps) {
  return (
    <tr {...row}>
      <th scope="row">{href ? <Link to={href}>{name}</Link> : name}</th>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}

/** What a paged staff list's screen gets from its loader: a page of rows, their total and the list's query. */
export interface StaffListProps<Row, Query> {
  rows: Row[];
  total: number;
  page: number;
  pages: number;
  query: Query;
}

/**
 * A paged staff list's table: a StaffRow for each row of the page, as `row` describes it, and the pager's
 * links to the list's address (`href`) with the same query at another page.
 */
export function StaffListTable<Row extends { id: string | number }, Query extends { page: number }>({
  list,
  href,
  pager,
  row,
  ...table
}: {
  list: StaffListProps<Row, Query>;
  href: (query: Query) => string;
  /** what the pages are of, for screen readers, e.g. "Halaman daftar berita" */
  pager: string;
  row: (row: Row) => StaffRowProps;
  caption: ReactNode;
  columns: string[];
  empty: ReactNode;
}) {
  const { rows, page, pages, query } = list;
  return (
    <StaffTable
      {...table}
      rows={rows.length}
      pager={{ page, pages, label: pager, href: (n) => href({ ...query, page: n }) }}
    >
      {rows.map((r) => (
        <StaffRow key={r.id} {...row(r)} />
      ))}
    </StaffTable>
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

/** A staff field's frame: its control's id, its label, and its hint and error tied to the control. */
export interface StaffFieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  hidden?: boolean;
}

/** One labelled field of a staff form, with its hint and its error tied to the control `children` renders. */
export function StaffField({
  id,
  label,
  hint,
  error,
  hidden,
  children,
}: StaffFieldFrame & { children: (control: StaffControlProps) => ReactNode }) {
  const described = describedBy(id, hint, error);
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
      <StaffFieldError id={id} error={error} />
    </div>
  );
}

/** The ids of a control's hint and error (`{id}-hint`, `{id}-error`) for its aria-describedby; '' for neither. */
function describedBy(id: string, hint: ReactNode, error: string | undefined): string {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
}

/** A setting that is on or off: a checkbox before its label, then its hint and its error under them. */
export function StaffSwitch({
  id,
  name,
  label,
  value = '1',
  checked,
  hint,
  error,
}: {
  id: string;
  name: string;
  label: ReactNode;
  /** what the checkbox sends when ticked */
  value?: string;
  checked: boolean;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const described = describedBy(id, hint, error);
  return (
    <>
      <div className="admin-field staff-check">
        <input
          id={id}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={checked}
          aria-describedby={described || undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="staff-hint">
          {hint}
        </p>
      ) : null}
      <StaffFieldError id={id} error={error} as="p" />
    </>
  );
}

/** A field's error message, `{id}-error` for the control's aria-describedby; nothing without an error. */
export function StaffFieldError({
  id,
  error,
  as: Tag = 'span',
}: {
  /** the control's id */
  id: string;
  error: string | undefined;
  /** a paragraph of its own (under a fieldset or a checkbox) rather than a line of the field */
  as?: 'span' | 'p';
}) {
  if (!error) return null;
  return (
    <Tag id={`${id}-error`} className="admin-field__error">
      {error}
    </Tag>
  );
}

/** A StaffField around the control `render` draws with the rest of `props`: the control's own attributes. */
function framed<P extends StaffFieldFrame>(
  { id, label, hint, error, hidden, ...own }: P,
  render: (control: StaffControlProps, own: Omit<P, keyof StaffFieldFrame>) => ReactNode,
) {
  return (
    <StaffField id={id} label={label} hint={hint} error={error} hidden={hidden}>
      {(control) => render(control, own)}
    </StaffField>
  );
}

/** A labelled text input: the frame's props, then the input's own (name, type, defaultValue …). */
export function StaffTextField(props: StaffFieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'hidden'>) {
  return framed(props, (control, input) => <input {...control} {...input} />);
}

/** A labelled textarea: the frame's props, then the textarea's own. */
export function StaffTextArea(
  props: StaffFieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'hidden'>,
) {
  return framed(props, (control, textarea) => <textarea {...control} {...textarea} />);
}

/** A staff list's search box: the GET form's field `q`, showing what was searched. */
export function StaffSearchField({
  id,
  label,
  value,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  autoComplete?: string;
}) {
  return <StaffTextField id={id} label={label} type="search" {...input} name="q" defaultValue={value} />;
}

/** One choice of a select. */
export interface StaffOption {
  value: string | number;
  label: ReactNode;
}

/** Choices from a list of values and the words for each. */
export function labelled<V extends string>(values: readonly V[], labels: Record<V, ReactNode>): StaffOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A select's options: the empty choice first when `empty` names it, then `options`. */
export function StaffOptions({ empty, options }: { empty?: string | undefined; options: readonly StaffOption[] }) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A labelled select of `options` (after an empty choice when `empty` names it): the frame's props, then the select's own. */
export function StaffSelect({
  empty,
  options,
  ...props
}: StaffFieldFrame & { empty?: string; options: readonly StaffOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'hidden'
  >) {
  return framed(props, (control, select) => (
    <select {...control} {...select}>
      <StaffOptions empty={empty} options={options} />
    </select>
  ));
}

/**
 * A staff form's fields by name, their controls' ids `prefix` + name: `field(name)` gives a field's frame
 * (id, label, error) and its control's name and value (as typed, or as the list's query has it);
 * `href(name)` the link of a problem's message to its field (none for a name with no field: `form`).
 */
export function staffFields<V extends object>(
  prefix: string,
  labels: Record<string, ReactNode>,
  values: V,
  errors: Record<string, string> = NO_ERRORS,
) {
  return {
    field: <K extends keyof V & string>(name: K) => ({
      id: `${prefix}${name}`,
      label: labels[name],
      error: errors[name],
      name,
      defaultValue: values[name],
    }),
    href: (name: string): string | null => (name in labels ? `#${prefix}${name}` : null),
  };
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

const TREE_BUTTON = 'button button--secondary staff-menu-tree__button';

/**
 * One row of a staff tree (a menu's items, a page's sections, columns and widgets), the target of the
 * focus after a change: its text, then one plain POST form of its buttons (`actions`), then `after`.
 * Other attributes (`data-type` …) go to the row.
 */
export function StaffTreeRow({
  id,
  text,
  action,
  actions,
  after,
  ...row
}: {
  id: string;
  text: ReactNode;
  /** where the buttons post */
  action: string;
  /** the form's hidden fields and buttons */
  actions: ReactNode;
  after?: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  return (
    <div id={id} tabIndex={-1} className="staff-menu-tree__row" {...row}>
      <div className="staff-menu-tree__text">{text}</div>
      <Form method="post" action={action} className="staff-menu-tree__actions">
        <CsrfField />
        {actions}
      </Form>
      {after}
    </div>
  );
}

/** A submit button of a staff tree's row, named after the row for screen readers ("Naik: Beranda"). */
export function StaffTreeButton({
  label,
  of,
  'aria-label': named,
  ...button
}: {
  /** its words */
  label: string;
  /** the row's name */
  of?: string;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" {...button} className={TREE_BUTTON} aria-label={named ?? `${label}: ${of}`}>
      {label}
    </button>
  );
}

/** A link of a staff tree's row (to change or delete it), named after the row ("Ubah: Beranda"). */
export function StaffTreeLink({ to, label, of }: { to: string; label: string; of: string }) {
  return (
    <Link to={to} className={TREE_BUTTON} aria-label={`${label}: ${of}`}>
      {label}
    </Link>
  );
}
