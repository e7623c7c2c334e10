import { z } from 'zod';

/** Settings of the menu widget. */
export const navMenuSettings = z.object({
  menu: z.string().min(1).max(100),
  layout: z.enum(['horizontal', 'vertical']).default('vertical'),
  label: z.string().max(100).optional(),
});
