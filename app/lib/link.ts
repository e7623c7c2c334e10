/**
 * THE rule for a link staff type (a menu item's custom address, every widget's link setting): a path
 * of this site (`/agenda/`, never `//host` or `/\host`, which browsers read as another host), an
 * `http:` or `https:` address, a `mailto:` or a `tel:` link. Anything else (`javascript:`, `data:`,
 * `vbscript:`, a relative `agenda`) is refused, and so are spaces and control characters anywhere:
 * browsers drop them inside a scheme (`java\tscript:`) and before it (` javascript:`). Pure: the
 * menu's browser form and the widgets' schemas share it.
 */
export function linkProblem(url: string): string | null {
  if (url === '') return 'Isi alamat tautan.';
  const control = [...url].some((c) => (c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f');
  if (control || /\s/.test(url)) return 'Alamat tautan tidak boleh berisi spasi.';
  if (url.startsWith('/')) {
    return url.startsWith('//') || url.startsWith('/\\')
      ? 'Alamat di situs ini diawali satu garis miring, misalnya /agenda/.'
      : null;
  }
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      return parsed.hostname ? null : 'Alamat tautan tidak valid.';
    } catch {
      return 'Alamat tautan tidak valid.';
    }
  }
  if (/^mailto:./i.test(url)) return null;
  if (/^tel:\+?[0-9][0-9().-]*$/i.test(url)) return null;
  if (/^tel:/i.test(url)) return 'Nomor telepon berupa angka, misalnya tel:+62225550142.';
  return 'Tautan khusus berupa alamat di situs ini (diawali /), alamat yang diawali http:// atau https://, mailto: atau tel:.';
}

/** Whether a link passes the rule. */
export const isSafeLink = (url: string) => linkProblem(url) === null;
