import { z } from 'zod';

/**
 * A positive id as the original clients send it: digits in the query string, or a number in a JSON
 * body. `what` names it in the refusal (`a menu` → "a menu id is a positive whole number").
 */
export function wireId(what: string) {
  const error = `${what} id is a positive whole number`;
  return z
    .union([z.string().regex(/^[1-9]\d{0,8}$/, { error }), z.number().int().min(1).max(999_999_999)], { error })
    .transform(Number);
}
