import { z } from 'zod';

/** spec §3 "View-more": effect move-up by default. */
export const VIEW_MORE_EFFECTS = ['move-up', 'move-down', 'fade', 'zoom-in', 'zoom-out', 'none'] as const;
/** How long a revealed section's effect runs (the original's effects take half a second). */
export const VIEW_MORE_EFFECT_MS = 500;
export const VIEW_MORE_MAX_SECTIONS = 20;

/** One section the button reveals: an optional heading and rich text (sanitized when rendered). */
export const viewMoreSection = z.object({
  title: z.string().max(200).default(''),
  html: z.string().min(1).max(100_000),
});

/**
 * The view-more widget (spec §3 "View-more", §4 "Widgets"). The original names sections of the page by
 * css id; here the sections are the widget's own, so the hidden text travels with it (and the page
 * editor edits it in one place).
 */
export const viewMoreSettings = z.object({
  sections: z.array(viewMoreSection).min(1).max(VIEW_MORE_MAX_SECTIONS),
  effect: z.enum(VIEW_MORE_EFFECTS).default('move-up'),
  /** One click shows every section (spec: showall). */
  showall: z.boolean().default(false),
  buttonText: z.string().min(1).max(60).default('Lihat selengkapnya'),
});

export type ViewMoreSettings = z.output<typeof viewMoreSettings>;
