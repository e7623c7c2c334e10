import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import { siteHref } from '~/lib/site-href';
import type { StaffData } from '~/ui/staff';

/** The staff area's frame: the school's name, the sections this user may open, who is signed in. */
export function AdminShell({ data, children }: { data: StaffData; children: ReactNode }) {
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Langsung ke konten
      </a>
      <header className="admin__bar">
        <a className="admin__home" href={siteHref('/admin')}>
          Ruang Staf
        </a>
        <span className="admin__user">
          <a href={siteHref('/admin/akun')} title="Akun saya: verifikasi dua langkah, kata sandi, sesi">
            {data.user.name}
          </a>
          <Form method="post" action="/keluar/" reloadDocument>
            <button type="submit" className="admin__link-button">
              Keluar
            </button>
          </Form>
        </span>
        <a className="admin__site" href="/">
          Lihat situs
        </a>
      </header>
      <nav className="admin__nav" aria-label="Bagian ruang staf">
        <ul>
          {data.sections.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} prefetch="intent">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
