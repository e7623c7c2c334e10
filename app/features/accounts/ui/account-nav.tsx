import { Form } from 'react-router';
import type { HeaderUser } from '../model';

/**
 * The header's account links: "Masuk" for visitors; the user's name and a "Keluar" button (a POST
 * form, so that a link preview or a prefetch never signs anyone out) once signed in. Kept tiny: it
 * is on every page.
 */
export function AccountNav({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <nav className="account-nav" aria-label="Akun">
        <a className="account-nav__link" href="/masuk/">
          Masuk
        </a>
      </nav>
    );
  }
  return (
    <nav className="account-nav" aria-label="Akun">
      <span className="account-nav__name">{user.name}</span>
      <Form method="post" action="/keluar/" className="account-nav__form">
        <button type="submit" className="account-nav__button">
          Keluar
        </button>
      </Form>
    </nav>
  );
}
