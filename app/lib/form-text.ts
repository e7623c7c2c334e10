import { z } from 'zod';

/**
 * A staff form's text field as the agenda, menu and site settings forms read it: absent is '', the
 * text is trimmed, then held to `max` characters, the message naming the field (`what`).
 */
export const formText = (max: number, what: string) =>
  z
    .string()
    .default('')
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `${what} paling panjang ${max} karakter.`));
