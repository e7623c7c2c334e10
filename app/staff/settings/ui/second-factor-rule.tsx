import { Form } from 'react-router';
import { CsrfField, StaffMessage, StaffSwitch } from '~/ui/staff';

/**
 * The administrators' rule that staff sign in with a second factor (issue 25): a form of its own under
 * the site settings, so that it never travels with (or conflicts with) the settings' version.
 */
export function SecondFactorRuleForm({ required, saved }: { required: boolean; saved: boolean }) {
  return (
    <section className="staff-settings" aria-labelledby="pengaturan-faktor-kedua-judul">
      <h2 id="pengaturan-faktor-kedua-judul">Keamanan akun staf</h2>
      {saved ? <StaffMessage>Aturan verifikasi dua langkah disimpan.</StaffMessage> : null}
      <Form method="post" className="staff-form">
        <CsrfField />
        <input type="hidden" name="tindakan" value="faktor-kedua" />
        <StaffSwitch
          id="pengaturan-faktor-kedua"
          name="wajib"
          checked={required}
          label="Wajibkan verifikasi dua langkah untuk semua peran staf"
          hint="Staf yang belum memasangnya diarahkan ke halaman Akun saya setelah masuk, dan tidak dapat membuka bagian lain ruang staf sampai selesai."
        />
        <button type="submit" className="button">
          Simpan aturan
        </button>
      </Form>
    </section>
  );
}
