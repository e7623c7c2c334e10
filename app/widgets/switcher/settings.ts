import { z } from 'zod';
import { hasContent, NO_CONTENT, panelSource } from '../toggles/settings';

/** The height animates 500 ms when the switcher switches (spec filters-and-widgets.md §9 "Switcher animation"). */
export const SWITCHER_MS = 500;
export const MAX_SWITCHER_LABEL = 100;

const side = z
  .object({
    label: z.string().trim().min(1).max(MAX_SWITCHER_LABEL),
    ...panelSource,
  })
  .refine(hasContent, NO_CONTENT);

/** The switcher widget (spec filters-and-widgets.md §4 "Switcher: disable <-> enable"): two panels, one control. */
export const switcherSettings = z.object({
  /** What the control chooses, read by screen readers (e.g. "Jalur pendaftaran"). */
  title: z.string().trim().min(1).max(MAX_SWITCHER_LABEL),
  disable: side,
  enable: side,
  /** The panel shown first. */
  initialState: z.enum(['disable', 'enable']).default('disable'),
});

export type SwitcherSettings = z.output<typeof switcherSettings>;
