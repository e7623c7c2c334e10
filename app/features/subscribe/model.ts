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

/** How an extra field of the form is named (`data[additional][name]`). */
export const SUBSCRIBE_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

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
  badForm: 'Isian formulir tidak valid: periksa alamat e-mail dan isian lainnya.',
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
  /** A mail link's page before it acts: what pressing its one button does, and the fields it posts. */
  confirm?: LinkButton | null;
}

/** The one button of a mail link's page: a POST of the link's id and token to the link's own path. */
export interface LinkButton {
  action: string;
  intro: string;
  label: string;
  id: string;
  token: string;
}

/** What a subscribe form on a page needs in the browser (the widget's settings as the form carries them). */
export interface SubscribeFormConfig {
  listId?: string;
  redirect?: string;
}

/**
 * Call 17's `data` as the original client sends it (original-wire.md §7): the address, the list (the
 * flag says whether to use it), the widget's own data and the extra fields.
 */
export function subscribeCallData(email: string, config: SubscribeFormConfig, additional: Record<string, string>) {
  return {
    email,
    use_target_list_id: config.listId ? 'true' : 'false',
    target_list_id: config.listId ?? '',
    data: config.redirect ? { redirect: 'true', redirect_url: config.redirect } : { redirect: 'false' },
    additional,
  };
}

/**
 * Where the browser goes after an answer: the configured address after a success only (the original
 * went there on errors too, taking the visitor away from the message that says what went wrong).
 */
export function redirectAfter(answer: SubscribeAnswer, config: SubscribeFormConfig): string | null {
  return answer.type === 'success' && config.redirect ? config.redirect : null;
}
