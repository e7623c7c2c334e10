import { z } from 'zod';

/** The page tree (DESIGN.md "Pages are content, not code"): its elements, their schemas and the one walker. */

/** One node of a stored page tree (DESIGN.md "Pages are content, not code"). */
export interface Element {
  id: string;
  type: 'section' | 'column' | 'widget';
  widget?: string;
  settings: Record<string, unknown>;
  children: Element[];
}

/** A readable error for a bad stored tree: the element id and the setting (STYLE.md). */
export class TreeError extends Error {
  constructor(
    readonly elementId: string,
    readonly detail: string,
  ) {
    super(`element ${elementId}: ${detail}`);
  }
}

/** Walks a tree depth-first. */
export function* walkTree(tree: Element[]): Generator<Element> {
  for (const el of tree) {
    yield el;
    yield* walkTree(el.children);
  }
}

export const elementSchema: z.ZodType<Element> = z.lazy(() =>
  z
    .object({
      id: z.string().min(1).max(64),
      type: z.enum(['section', 'column', 'widget']),
      widget: z.string().min(1).max(64).optional(),
      settings: z.record(z.string(), z.unknown()).default({}),
      children: z.array(elementSchema).default([]),
    })
    .refine((e) => (e.type === 'widget') === (e.widget !== undefined), {
      message: 'a widget element names its widget; a section or column does not',
    }),
) as z.ZodType<Element>;

export const treeSchema = z.array(elementSchema);

/** Section layout settings. */
export const sectionSettings = z.object({
  layout: z.enum(['boxed', 'full']).default('boxed'),
  cssId: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'a css id is lowercase letters, digits and hyphens')
    .max(64)
    .optional(),
  background: z.enum(['none', 'light', 'brand', 'dark']).default('none'),
  sticky: z.boolean().default(false),
});

/** Column settings: width in percent of the section on desktop; hidden on phones (below 768 px) when asked. */
export const columnSettings = z.object({
  width: z.number().min(10).max(100).default(100),
  hideOnMobile: z.boolean().default(false),
});
