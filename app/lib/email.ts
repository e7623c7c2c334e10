/**
 * The e-mail check of spec 000 §5 (reviews, comments, registration): a local part, @, then a domain
 * whose top-level part has at least two letters, or an IP literal in brackets.
 */
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Longest address anyone stores (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether `mail` is an address the site accepts. */
export function isValidEmail(mail: string): boolean {
  return mail.length <= EMAIL_MAX_LENGTH && EMAIL.test(mail);
}
