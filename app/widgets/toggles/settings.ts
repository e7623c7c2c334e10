import { z } from 'zod';

/**
 * What the tabs, the accordion and the switcher share (spec filters-and-widgets.md §3 "Tab and
 * accordion: ajaxTemplate, collapsible, switchScrolling, switchScrollingOffset.size, activeIndex"):
 * a panel's source (rich text or a published template), an item's css id, the scroll to the widget.
 */

/** Widgets scroll to a toggle over 300 ms (spec §9 "Scroll animation (widgets)"). */
export const WIDGET_SCROLL_MS = 300;
/** The furthest a scroll may stop above the toggle (px); the spec gives no bound, a screen is plenty. */
export const MAX_SCROLL_OFFSET = 1000;
/** Rich text of one panel, as long as a text widget's. */
export const MAX_PANEL_HTML = 200_000;

/** An element id a hash link can name: a letter, then letters, digits, `-` or `_`. */
export const CSS_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const cssIdSetting = z.string().regex(CSS_ID, {
  error: 'ID CSS diawali huruf, lalu huruf, angka, - atau _ (paling panjang 64).',
});

/** A published template named by its id or its slug (pages/template.server.tsx `templateIdBySlug`). */
export const templateRefSetting = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'slug templat: huruf kecil dan angka dengan tanda -' })
    .max(200),
]);
export type TemplateRef = z.output<typeof templateRefSetting>;

/** The content of a panel: rich text (sanitized as the text widget's) or a template, which wins when both are set. */
export const panelSource = {
  html: z.string().max(MAX_PANEL_HTML).default(''),
  template: templateRefSetting.optional(),
};

/** A panel needs something to show. */
export const hasContent = (item: { html: string; template?: TemplateRef }) =>
  item.template !== undefined || item.html.trim() !== '';
export const NO_CONTENT = { error: 'isi teks (html) atau templat' } as const;

/**
 * The tabs or toggles of a widget, one to `max`: each with an id hash links name (made from the element
 * id when left out), its heading's field (`heading`), and its panel.
 */
export const panelItems = <Heading extends z.ZodRawShape>(heading: Heading, max: number) =>
  z
    .array(
      z
        .object({ cssId: cssIdSetting.optional(), ...heading, ...panelSource })
        // The item's type is not worked out over a generic heading: its panel fields are `panelSource`'s.
        .refine((item) => hasContent(item as Parameters<typeof hasContent>[0]), NO_CONTENT),
    )
    .min(1)
    .max(max);

/** Scrolling to the widget when a tab or toggle is opened (switchScrolling, switchScrollingOffset.size). */
export const scrollSettings = {
  switchScrolling: z.boolean().default(false),
  switchScrollingOffset: z.object({ size: z.number().min(0).max(MAX_SCROLL_OFFSET).default(0) }).default({ size: 0 }),
};
