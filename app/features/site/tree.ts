import { z } from 'zod';
import type { Element } from './model';

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

/** Column settings: width in percent of the section on desktop. */
export const columnSettings = z.object({
  width: z.number().min(10).max(100).default(100),
});
