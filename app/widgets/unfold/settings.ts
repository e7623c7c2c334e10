import { z } from 'zod';

/** spec §9 "Unfold": mask default 50 (pixels). */
export const UNFOLD_MASK_HEIGHT = 50;
/** spec §9 "Unfold": extra 20; the trigger shows only past the mask plus this (spec §5). */
export const UNFOLD_EXTRA = 20;
/** spec §9 "Unfold": auto-hide default 5 s. */
export const UNFOLD_AUTO_HIDE_SECONDS = 5;
/** The original's durations: unfolding half a second, folding a little quicker. */
export const UNFOLD_DURATION_MS = 500;
export const FOLD_DURATION_MS = 300;

/** The easings the original offers, as CSS timing functions. */
export const UNFOLD_EASINGS = {
  linear: 'linear',
  easeInSine: 'cubic-bezier(0.12, 0, 0.39, 0)',
  easeOutSine: 'cubic-bezier(0.61, 1, 0.88, 1)',
  easeInOutSine: 'cubic-bezier(0.37, 0, 0.63, 1)',
  easeInQuad: 'cubic-bezier(0.11, 0, 0.5, 0)',
  easeOutQuad: 'cubic-bezier(0.5, 1, 0.89, 1)',
  easeInOutQuad: 'cubic-bezier(0.45, 0, 0.55, 1)',
  easeInCubic: 'cubic-bezier(0.32, 0, 0.67, 0)',
  easeOutCubic: 'cubic-bezier(0.33, 1, 0.68, 1)',
  easeInOutCubic: 'cubic-bezier(0.65, 0, 0.35, 1)',
  easeInBack: 'cubic-bezier(0.36, 0, 0.66, -0.56)',
  easeOutBack: 'cubic-bezier(0.34, 1.56, 0.64, 1)',
  easeInOutBack: 'cubic-bezier(0.68, -0.6, 0.32, 1.6)',
} as const;
export type UnfoldEasing = keyof typeof UNFOLD_EASINGS;
const easing = z.enum(Object.keys(UNFOLD_EASINGS) as [UnfoldEasing, ...UnfoldEasing[]]);

const maskHeight = z.number().int().min(0).max(2000).default(UNFOLD_MASK_HEIGHT);
const duration = (ms: number) => z.number().int().min(0).max(5000).default(ms);

/** The unfold widget (spec §3 "Unfold", §4 "Widgets", §5, §9). */
export const unfoldSettings = z.object({
  /** Rich text shown folded to the mask's height; sanitized when rendered. */
  html: z.string().min(1).max(200_000),
  /** Height of the folded text per device, in pixels (spec: mask_height per device). */
  maskHeight: z
    .object({ desktop: maskHeight, tablet: maskHeight, mobile: maskHeight })
    .default({ desktop: UNFOLD_MASK_HEIGHT, tablet: UNFOLD_MASK_HEIGHT, mobile: UNFOLD_MASK_HEIGHT }),
  unfoldDuration: duration(UNFOLD_DURATION_MS),
  unfoldEasing: easing.default('easeOutBack'),
  foldDuration: duration(FOLD_DURATION_MS),
  foldEasing: easing.default('easeOutSine'),
  /** Folds again autoHideTime seconds after unfolding. */
  autoHide: z.boolean().default(false),
  autoHideTime: z.number().min(1).max(600).default(UNFOLD_AUTO_HIDE_SECONDS),
  /** A click outside the widget folds it. */
  hideOutsideClick: z.boolean().default(false),
  /** Folding scrolls the page back to the widget (the reader was further down). */
  foldScrolling: z.boolean().default(false),
  /** The fading edge over the folded text's end. */
  fader: z.boolean().default(true),
  unfoldText: z.string().min(1).max(60).default('Selengkapnya'),
  foldText: z.string().min(1).max(60).default('Tutup'),
});

export type UnfoldSettings = z.output<typeof unfoldSettings>;
