import { z } from 'zod';
import { DEVICES } from '~/lib/devices';
import { PARALLAX_SPEED, PARTICLE_SHAPES, PARTICLES, STICKY_SPACING, STICKY_SPACING_MAX } from './motion';

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

/** The devices an effect runs on (spec filters-and-widgets.md §5: only on the devices listed). */
const devicesSetting = (fallback: ReadonlyArray<(typeof DEVICES)[number]>) =>
  z
    .array(z.enum(DEVICES))
    .max(DEVICES.length)
    .default([...fallback]);

/**
 * A section's particle background (spec §3 "Section: particles flag and particles configuration"):
 * present means on. A small, checked subset of the library's options, never arbitrary JSON; off on
 * phones unless `onPhones`, and always off for visitors who ask for reduced motion.
 */
export const particlesSettings = z.object({
  count: z.int().min(PARTICLES.count.min).max(PARTICLES.count.max).default(PARTICLES.count.default),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour is # and six hexadecimal digits')
    .default(PARTICLES.color),
  speed: z
    .number()
    .min(PARTICLES.speed.min)
    .max(PARTICLES.speed.max)
    .default(PARTICLES.speed.default)
    .meta({ title: 'Kecepatan partikel' }),
  links: z.boolean().default(true),
  shape: z.enum(PARTICLE_SHAPES).default('circle'),
  onPhones: z.boolean().default(false),
});

/** A column's parallax (spec §3 "Widget effects: parallax speed, invert, devices"): present means on. */
export const parallaxSettings = z.object({
  speed: z
    .int()
    .min(PARALLAX_SPEED.min)
    .max(PARALLAX_SPEED.max)
    .default(PARALLAX_SPEED.default)
    .meta({ title: 'Kecepatan parallax (%)' }),
  invert: z.boolean().default(false),
  devices: devicesSetting(['desktop', 'tablet']),
});

const spacing = z.int().min(0).max(STICKY_SPACING_MAX).default(STICKY_SPACING);

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
  /** The devices a sticky section sticks on (the page builder's default: all). */
  stickyOn: devicesSetting(DEVICES),
  particles: particlesSettings.optional(),
});

/** Column settings: width in percent of the section on desktop; hidden on phones (below 768 px) when asked. */
export const columnSettings = z.object({
  width: z.number().min(10).max(100).default(100),
  hideOnMobile: z.boolean().default(false),
  /** spec §3 "Sticky column: stickyOn, topSpacing, bottomSpacing" (§9: spacing 50 by default). */
  sticky: z.boolean().default(false),
  stickyOn: devicesSetting(['desktop', 'tablet']),
  topSpacing: spacing,
  bottomSpacing: spacing,
  parallax: parallaxSettings.optional(),
});
