import { z } from 'zod';
import { MENU_CONSTANTS } from './model';

/**
 * A menu's own settings (issue 12; spec 000 §3 "Mobile menu options"; the original's desktop mega
 * menu options), stored as JSON in `menu.settings` and checked with this schema when the seed
 * writes them and when the server reads them. Every key has a default, so `{}` is a whole menu.
 * Option names are the original clients' (`menuOptions` of the mobile menu, the mega menu's settings).
 * Kept out of model.ts so that zod stays out of the browser bundle.
 */

const flag = z.boolean();
/** A template placed in the mobile menu (header, before or after the items): its post id, 0 for none. */
const templateRef = z.number().int().min(0).max(999_999_999);
const hexColor = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'a colour is #rgb or #rrggbb');

export const desktopMenuSettings = z.strictObject({
  /** Submenus open on hover (with hover intent) or on click. */
  subEvent: z.enum(['hover', 'click']).default('hover'),
  /** What opens a submenu: the whole item or only its arrow. */
  subTrigger: z.enum(['item', 'submarker']).default('item'),
  /** Top-level items that do not fit move into the trailing '⋯' item. */
  rollUp: flag.default(true),
  /** Width of a mega panel: the menu's container, the visible items, or a chosen element. */
  megaWidthType: z.enum(['container', 'items', 'selector']).default('container'),
  /** The element whose width a mega panel takes when `megaWidthType` is `selector`. */
  megaWidthSelector: z
    .string()
    .max(200)
    .regex(/^[^<>{};]*$/, 'a CSS selector without <, >, {, } or ;')
    .default(''),
  /** Mega panels load their template over call 3 when first opened (not with the page). */
  megaAjaxLoad: flag.default(true),
  /** Below this width the mega menu hands over to the mobile menu (spec §2: 768). */
  breakpoint: z.number().int().min(320).max(4000).default(MENU_CONSTANTS.megaMobileBreakpoint),
});

export const mobileMenuSettings = z.strictObject({
  menuLayout: z.enum(['slide-out', 'dropdown', 'push']).default('slide-out'),
  /** The side the slide-out panel comes from. */
  menuPosition: z.enum(['left', 'right']).default('right'),
  /** Where the toggle sits: in the header, or fixed to a side of the window. */
  togglePosition: z.enum(['default', 'fixed-left', 'fixed-right']).default('default'),
  /** Text beside the toggle's icon ('' for none). */
  toggleText: z.string().max(40).default(''),
  /** The toggle shows a loader until the items and templates have come. */
  toggleLoader: flag.default(true),
  loaderColor: hexColor.default(MENU_CONSTANTS.defaultLoaderColor),
  subTrigger: z.enum(['item', 'submarker']).default('item'),
  /** A child level slides in, or opens as a dropdown under its item. */
  subOpenLayout: z.enum(['slide-in', 'dropdown']).default('slide-in'),
  itemIconVisible: flag.default(true),
  itemBadgeVisible: flag.default(true),
  itemDescVisible: flag.default(false),
  useBreadcrumb: flag.default(true),
  breadcrumbPath: z.enum(['full', 'minimal']).default('full'),
  /** The back button's text; absent: by the site's language ('Kembali', or 'Back' in English). */
  backText: z.string().min(1).max(40).optional(),
  closeAfterNavigate: flag.default(true),
  headerTemplate: templateRef.default(0),
  beforeTemplate: templateRef.default(0),
  afterTemplate: templateRef.default(0),
});

export const menuSettings = z
  .strictObject({
    desktop: desktopMenuSettings.default(() => desktopMenuSettings.parse({})),
    mobile: mobileMenuSettings.default(() => mobileMenuSettings.parse({})),
  })
  .refine((s) => s.desktop.megaWidthType !== 'selector' || s.desktop.megaWidthSelector !== '', {
    message: 'megaWidthType selector needs a megaWidthSelector',
    path: ['desktop', 'megaWidthSelector'],
  });

export type MenuSettings = z.output<typeof menuSettings>;

/** A menu whose stored settings do not parse: names the menu and the setting. */
export class MenuSettingsError extends Error {
  constructor(menu: string, setting: string, detail: string) {
    super(`menu ${menu}: settings${setting ? `.${setting}` : ''}: ${detail}`);
    this.name = 'MenuSettingsError';
  }
}

/** Parses a menu's stored settings (JSON text); throws MenuSettingsError naming the setting. */
export function parseMenuSettings(menu: string, json: string): MenuSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new MenuSettingsError(menu, '', 'not JSON');
  }
  const parsed = menuSettings.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MenuSettingsError(menu, issue?.path.map(String).join('.') ?? '', issue?.message ?? 'invalid');
  }
  return parsed.data;
}
