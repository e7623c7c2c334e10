import { z } from 'zod';
import { linkProblem } from './link';

/**
 * Marks a link setting's issue: `parseDroppingUnsafeLinks` knows which settings to drop, and the page
 * editor shows its message as it is (page-editor/settings-form.ts `issueMessage`).
 */
const LINK_ISSUE = { link: true, forStaff: true } as const;

/**
 * THE type of every widget setting that is a link (lib/link.ts's rule): the page editor refuses any
 * other value with the rule's message next to the field.
 */
export const linkSetting = () =>
  z
    .string()
    .max(500)
    .superRefine((url, ctx) => {
      const problem = linkProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: LINK_ISSUE });
    });

/**
 * Settings as stored, checked by their schema; a link setting that breaks the rule (stored before the
 * rule, or written to the database directly) is dropped rather than failing the page, so the widget
 * renders without that link.
 */
export function parseDroppingUnsafeLinks(schema: z.ZodType, settings: unknown) {
  const parsed = schema.safeParse(settings);
  if (parsed.success || !(schema instanceof z.ZodObject) || typeof settings !== 'object' || settings === null) {
    return parsed;
  }
  const unsafe = parsed.error.issues
    .filter((i) => i.code === 'custom' && i.params?.link === true && i.path.length === 1)
    .map((i) => String(i.path[0]));
  if (unsafe.length === 0) return parsed;
  const kept = Object.fromEntries(Object.entries(settings).filter(([key]) => !unsafe.includes(key)));
  // The dropped settings may be missing now (a button keeps its text without its link).
  return schema.partial(Object.fromEntries(unsafe.map((key) => [key, true])) as never).safeParse(kept);
}
