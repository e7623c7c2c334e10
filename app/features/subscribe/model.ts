import type { Seo } from '~/content/seo';

/**
 * The newsletter subscribe form (issue 13; spec 000 §4 "Subscribe form", §5, §7 call 17, §8;
 * original-wire.md §7): constants and texts for the browser and the server.
 */
export const SUBSCRIBE = {
  /** The invalid-mail message and the answer's message are cleared after this long (spec §4, §5). */
  messageMs: 20_000,
  /** Extra fields a form may send (`data[additional][name]`), their names' and values' lengths. */
  maxFields: 10,
  maxFieldName: 50,
  maxFieldValue: 200,
  /** The list id a form may name (`target_list_id`). */
  maxListId: 100,
} as const;

/** The site's paths for the newsletter: the no-JavaScript form, the confirmation and the unsubscribe links. */
export const SUBSCRIBE_PATHS = {
  form: '/berlangganan/',
  confirm: '/berlangganan/konfirmasi/',
  unsubscribe: '/berlangganan/berhenti/',
} as const;

/**
 * Texts. `invalidMail` is the client's check (spec §5, in the spec's words); the server's answers are
 * in the site's language (the original's were its plugin's English, original-wire.md §7).
 */
export const SUBSCRIBE_MESSAGES = {
  invalidMail: 'Please specify a valid e-mail',
  serverInvalidMail: 'Alamat e-mail tidak valid.',
  sent: (email: string) =>
    `Terima kasih! Kami mengirim tautan konfirmasi ke ${email}. Buka e-mail itu untuk mulai berlangganan.`,
  limited: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
  serverError: 'Terjadi kesalahan server. Silakan coba lagi nanti.',
  confirmed: 'Langganan Anda aktif. Terima kasih!',
  unsubscribed: 'Anda telah berhenti berlangganan. Kami tidak akan mengirim berita lagi ke alamat ini.',
  badLink: 'Tautan ini tidak valid atau sudah tidak berlaku.',
} as const;

/** The answer of call 17 (bare, as the original's `wp_send_json`). */
export interface SubscribeAnswer {
  type: 'success' | 'error';
  message: string;
}

/** What the newsletter's pages show: the page's title and SEO, and the outcome when there is one. */
export interface SubscribePageData {
  seo: Seo;
  title: string;
  answer: SubscribeAnswer | null;
}
