import type { AccountFormState } from './model';

/**
 * How an account form's route shows a post it did not take (lib/route.server.ts `answerPost`): the
 * message as the form's error, and its own words for a post from another site's page.
 */
export const ACCOUNT_POST_ANSWERING = {
  crossSite: 'Formulir ini harus dikirim dari situs ini. Muat ulang halaman dan coba lagi.',
  refusal: (error: string): AccountFormState => ({ error }),
};
