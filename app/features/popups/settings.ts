import { z } from 'zod';
import { DEVICES } from '~/lib/devices';
import { ANIMATIONS, BROWSERS, type PopupSettings, SOURCES, STORAGE_SECONDS } from './model';

/** The post meta key holding a popup template's settings (JSON text), as WordPress keeps a popup's. */
export const POPUP_META = '_jet_popup_settings';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is HH:MM');
/** A page a popup's placement names: `*`, a path (`/profil/`), or a path and every page under it (`/berita/*`). */
const placementEntry = z.union([
  z.literal('*'),
  z.string().regex(/^\/([a-z0-9-]+\/)*\*?$/, 'a path like /profil/, or /berita/* for the pages under it'),
]);
const seconds = (max: number) => z.number().int().min(0).max(max);

/**
 * A popup's stored settings (spec 000 §3 "Popup settings", §4, §6): where it is placed, its timing
 * conditions, its trigger, how long it stays away once seen, closing and animations. Server-only
 * (zod stays out of the browser): the seed checks them, the server parses them on every read.
 */
export const popupSettings = z.strictObject({
  /** Where it may open (placement.ts): paths (`/profil/`), a path and those under it (`/berita/*`), `*` for every page. */
  pages: z.array(placementEntry).min(1).max(50),
  /**
   * Where it may not open, though `pages` names it (`/ppdb/`, `/berita/*`). None by default: the account
   * pages and the staff area never show a popup anyway (placement.ts `NO_POPUP_PAGES`).
   */
  notOn: z.array(placementEntry).max(50).default([]),
  label: z.string().min(1).max(120),
  timing: z
    .strictObject({
      pageViews: z.number().int().min(1).max(1000).optional(),
      sessions: z.number().int().min(1).max(1000).optional(),
      referrer: z.array(z.string().min(1).max(200)).max(20).optional(),
      sources: z.array(z.enum(SOURCES)).max(SOURCES.length).optional(),
      loggedIn: z
        .strictObject({
          who: z.enum(['all', 'guests', 'users']),
          excludeRoles: z.array(z.string().min(1).max(40)).max(20).default([]),
        })
        .optional(),
      devices: z.array(z.enum(DEVICES)).max(DEVICES.length).optional(),
      times: z
        .strictObject({ from: hhmm, to: hhmm, days: z.array(z.number().int().min(0).max(6)).max(7).optional() })
        .optional(),
      browsers: z.array(z.enum(BROWSERS)).max(BROWSERS.length).optional(),
    })
    .default({}),
  trigger: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('page-load'), delay: seconds(600).default(0) }),
      z.strictObject({
        type: z.literal('scroll'),
        direction: z.enum(['down', 'up']).default('down'),
        offset: z.number().min(0).max(100).default(50),
      }),
      z.strictObject({
        type: z.literal('scroll-to'),
        selector: z.string().regex(/^#[A-Za-z][\w-]{0,80}$/, 'an element id, #name'),
      }),
      z.strictObject({ type: z.literal('click'), count: z.number().int().min(1).max(100).default(1) }),
      z.strictObject({ type: z.literal('inactivity'), seconds: z.number().int().min(1).max(3600).default(30) }),
      z.strictObject({ type: z.literal('exit-intent') }),
      z.strictObject({ type: z.literal('none') }),
    ])
    .default({ type: 'page-load', delay: 0 }),
  storage: z
    .enum([...(Object.keys(STORAGE_SECONDS) as Array<keyof typeof STORAGE_SECONDS>), 'session', 'never'])
    .default('never'),
  closeAutomatically: seconds(3600).default(0),
  // Kept short: Escape and a tap outside close at once, but the button is what most visitors look for.
  closeButtonDelay: seconds(10).default(0),
  entranceAnimation: z.enum(ANIMATIONS).default('fade'),
  exitAnimation: z.enum(ANIMATIONS).default('fade'),
}) satisfies z.ZodType<PopupSettings & { pages: string[]; notOn: string[] }, unknown>;

export type StoredPopupSettings = z.infer<typeof popupSettings>;
