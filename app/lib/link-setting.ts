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

/** The places of a stored value that its schema refused. */
type Path = readonly PropertyKey[];

function containerAt(root: unknown, path: Path): unknown {
  let at = root;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key as never];
  }
  return at;
}

/** A list's items marked for removal: removed after a round, so the other issues' indexes still hold. */
const REMOVED = Symbol('removed');

/**
 * Removes the refused value at `path`; where nothing is there (a required setting is missing), the
 * object holding it goes instead (a list item without its title). False when nothing could be removed.
 */
function dropAt(root: unknown, path: Path): boolean {
  if (path.length === 0) return false;
  const parent = containerAt(root, path.slice(0, -1));
  const key = path[path.length - 1] as never;
  if (typeof parent !== 'object' || parent === null) return dropAt(root, path.slice(0, -1));
  const here = (parent as Record<PropertyKey, unknown>)[key];
  if (here === undefined || here === REMOVED) return path.length > 1 && dropAt(root, path.slice(0, -1));
  if (Array.isArray(parent)) parent[key] = REMOVED as never;
  else delete (parent as Record<PropertyKey, unknown>)[key];
  return true;
}

function sweep(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== REMOVED).map(sweep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sweep(v)]));
  }
  return value;
}

/**
 * Settings as stored, checked by their schema (issue 22 "Bad input": out-of-range settings in a stored
 * page are refused when saved and fall back to their defaults when read). A refused setting is dropped
 * and its default used; a refused item of a list is dropped and the rest kept; a link setting that
 * breaks the link rule is dropped rather than failing the page, so the widget renders without that
 * link. What has no default and cannot be dropped still fails (the caller names the element).
 */
export function parseStoredSettings<S extends z.ZodType>(
  schema: S,
  settings: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const first = schema.safeParse(settings);
  if (first.success || !(schema instanceof z.ZodObject) || typeof settings !== 'object' || settings === null) {
    return first;
  }
  let value: unknown = structuredClone(settings);
  let parsed: z.ZodSafeParseResult<z.output<S>> = first;
  const droppedLinks = new Set<string>();
  for (let round = 0; !parsed.success && round < 8; round++) {
    let changed = false;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'custom' && issue.params?.link === true && issue.path.length === 1) {
        droppedLinks.add(String(issue.path[0]));
      }
      changed = dropAt(value, issue.path) || changed;
    }
    if (!changed) break;
    value = sweep(value);
    parsed = schema.safeParse(value);
  }
  if (parsed.success || droppedLinks.size === 0) return parsed.success ? parsed : first;
  // A dropped link without a default may be missing now (a button keeps its text without its link).
  const partial = schema
    .partial(Object.fromEntries([...droppedLinks].map((key) => [key, true])) as never)
    .safeParse(value);
  return partial.success ? (partial as z.ZodSafeParseResult<z.output<S>>) : first;
}
