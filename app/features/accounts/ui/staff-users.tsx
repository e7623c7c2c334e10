import { type ReactNode, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { formatSchoolDateTime } from '~/content/posts';
import { EMAIL_MAX_LENGTH } from '~/lib/email';
import { siteHref } from '~/lib/site-href';
import {
  CsrfField,
  StaffAddLink,
  StaffHead,
  StaffListFilters,
  type StaffListProps,
  StaffListTable,
  StaffNotice,
  type StaffNoticeData,
  type StaffOption,
  StaffSelect,
  StaffSubmit,
  StaffTextField,
  staffFields,
} from '~/ui/staff';
import {
  ROLE_HINTS,
  ROLE_LABELS,
  ROLES,
  rolesText,
  USER_STATUS_LABELS,
  type UserQuery,
  type UserRow,
  userSearch,
} from '../staff-model';

/** The staff list's address. */
export const USERS_PATH = siteHref('/admin/pengguna');
/** The invitation form's address. */
export const INVITE_PATH = siteHref('/admin/pengguna/undang');
/** A user's page. */
export const userPath = (id: number) => siteHref('/admin/pengguna/:id', { id: String(id) });

export type UserListProps = StaffListProps<UserRow, UserQuery>;

/**
 * The users' screen (issue 14 "Users"): search by name or address (a GET form), the list 20 a page
 * with plain links, each name leading to the user's page, and the way to invite someone.
 */
export function UserList(list: UserListProps) {
  const { total, page, pages, query } = list;
  return (
    <>
      <StaffHead title="Pengguna" />
      <StaffAddLink to={INVITE_PATH} label="Undang pengguna" />
      <StaffListFilters
        action={USERS_PATH}
        label="Cari pengguna"
        submit="Cari"
        id="pengguna"
        search={{ label: 'Cari nama atau e-mail', value: query.q, maxLength: 254, autoComplete: 'off' }}
        reset="Semua pengguna"
      />
      <StaffListTable
        list={list}
        href={(q) => USERS_PATH + userSearch(q)}
        pager="Halaman daftar pengguna"
        caption={`${total} pengguna, halaman ${page} dari ${pages}`}
        columns={['Nama', 'Nama pengguna', 'E-mail', 'Peran', 'Status']}
        empty="Tidak ada pengguna yang cocok dengan pencarian ini."
        row={(r) => ({
          'data-status': r.status,
          href: userPath(r.id),
          name: r.name,
          cells: [r.login ?? '—', r.email, rolesText(r.roles), USER_STATUS_LABELS[r.status]],
        })}
      />
    </>
  );
}

/** The role select's options, each with what the role may do. */
const ROLE_OPTIONS: StaffOption[] = ROLES.map((r) => ({ value: r, label: `${ROLE_LABELS[r]} (${ROLE_HINTS[r]})` }));

const INVITE_LABELS = { email: 'E-mail', display_name: 'Nama lengkap', role: 'Peran' };

export interface InviteFormProps {
  /** After a failed post: the messages and what was sent. */
  failure: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> } | null;
}

/** The invitation form: e-mail, name and role; the mail's link lets the person choose a login and password. */
export function InviteForm({ failure }: InviteFormProps) {
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const { field } = staffFields('undang-', INVITE_LABELS, values, errors);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) summary.current?.focus();
  }, [failure]);
  return (
    <>
      <StaffHead title="Undang pengguna" back={{ to: USERS_PATH, label: '‹ Semua pengguna' }} />
      <p>
        Kami mengirim e-mail berisi tautan yang hanya bisa dipakai sekali dan berlaku 7 hari. Lewat tautan itu orang
        yang diundang memilih nama pengguna dan kata sandinya sendiri.
      </p>
      {failure && (
        <div ref={summary} tabIndex={-1} role="alert" className="admin-notice admin-notice--error">
          <p>Undangan belum dikirim. {failure.error}</p>
          <ul>
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>
                <a href={`#undang-${field}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" className="staff-form staff-user-form">
        <CsrfField />
        <StaffTextField {...field('email')} type="email" required maxLength={EMAIL_MAX_LENGTH} autoComplete="off" />
        <StaffTextField {...field('display_name')} required maxLength={100} autoComplete="off" />
        <StaffSelect {...field('role')} required defaultValue={values.role || 'author'} options={ROLE_OPTIONS} />
        <StaffSubmit label="Kirim undangan" />
      </Form>
    </>
  );
}

export interface UserPageProps {
  user: UserRow;
  /** Whether this is the signed-in administrator's own account (its role and status stay). */
  self: boolean;
  notice: StaffNoticeData | null;
  /** The audit log's lists, composed by the route. */
  children?: ReactNode;
}

/** A user's page: who they are, the role select, deactivate or reactivate, and their audit log. */
export function UserPage({ user, self, notice, children }: UserPageProps) {
  // One role per account from this screen; an account with several shows its highest first.
  const role = user.roles[0];
  const here = userPath(user.id);
  return (
    <>
      <StaffHead title={user.name} within="Pengguna" back={{ to: USERS_PATH, label: '‹ Semua pengguna' }} />
      {/* Kept in view and given the focus, since the button pressed may be gone. */}
      <StaffNotice notice={notice} />
      <dl className="staff-user__facts">
        <dt>Nama pengguna</dt>
        <dd>{user.login ?? '— (belum dipilih)'}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Peran</dt>
        <dd>{rolesText(user.roles)}</dd>
        <dt>Status</dt>
        <dd>
          {USER_STATUS_LABELS[user.status]}
          {user.status === 'inactive' && user.deactivatedAt ? ` sejak ${formatSchoolDateTime(user.deactivatedAt)}` : ''}
          {user.status === 'invited' && user.invitedAt ? ` pada ${formatSchoolDateTime(user.invitedAt)}` : ''}
        </dd>
      </dl>

      <h2>Peran</h2>
      <Form method="post" action={here} className="staff-form staff-user-form">
        <CsrfField />
        <input type="hidden" name="intent" value="role" />
        <StaffSelect
          id="pengguna-peran"
          label="Peran"
          hint={
            self
              ? 'Peran administrator Anda sendiri tidak dapat dilepas: situs harus selalu punya administrator.'
              : undefined
          }
          name="role"
          defaultValue={role ?? 'subscriber'}
          options={ROLE_OPTIONS}
        />
        <StaffSubmit label="Simpan peran" />
      </Form>

      <h2>Status akun</h2>
      {self ? (
        <p>Anda tidak dapat menonaktifkan akun Anda sendiri.</p>
      ) : (
        <Form method="post" action={here}>
          <CsrfField />
          <input type="hidden" name="intent" value={user.status === 'inactive' ? 'activate' : 'deactivate'} />
          <p className="staff-hint">
            {user.status === 'inactive'
              ? 'Akun ini tidak dapat masuk. Mengaktifkan kembali mengizinkannya masuk lagi.'
              : 'Akun yang dinonaktifkan tidak dapat masuk dan semua sesinya langsung berakhir. Berita dan ulasan yang ditulisnya tetap ada.'}
          </p>
          <div className="admin-actions">
            <button type="submit" className="button button--secondary">
              {user.status === 'inactive' ? 'Aktifkan kembali' : 'Nonaktifkan akun'}
            </button>
          </div>
        </Form>
      )}
      {children}
    </>
  );
}
