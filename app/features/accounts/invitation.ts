/**
 * An invitation to the staff area (issue 14 "Users"): its lifetime, its page and the states of its
 * link, read by the public invitation page and by the staff's users screen. Pure.
 */

/** How long an invitation's link works (issue 14: seven days). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The invitation page's address (routes.ts): the link in the mail is this plus `?token=`. */
export const INVITATION_PATH = '/terima-undangan/';

/** What an invitation's link is: open, used, expired, or not one of ours. */
export type InvitationState = 'open' | 'used' | 'expired' | 'unknown';

/** The state of a stored invitation (or none) at `now`. */
export function invitationState(
  row: { used_at: string | null; expires_at: string } | undefined,
  now: Date,
): InvitationState {
  if (!row) return 'unknown';
  if (row.used_at !== null) return 'used';
  return row.expires_at > now.toISOString() ? 'open' : 'expired';
}

/** What the invitation page says of a link that no longer works. */
export const INVITATION_MESSAGES: Record<Exclude<InvitationState, 'open'>, string> = {
  used: 'Undangan ini sudah dipakai. Masuk dengan nama pengguna dan kata sandi yang Anda pilih.',
  expired: 'Undangan ini sudah kedaluwarsa (berlaku 7 hari). Mintalah undangan baru kepada administrator sekolah.',
  unknown: 'Tautan undangan ini tidak dikenal atau tidak lengkap. Periksa kembali tautan di e-mail Anda.',
};
