import { describe, expect, test } from 'vitest';
import { deviceOf } from '~/lib/devices';
import { BREAKPOINT_EDGES } from '~/lib/devices.fixtures';
import {
  browserOf,
  countVisit,
  findPopup,
  inTimeWindow,
  isExitIntent,
  isTypingField,
  markSeen,
  NO_POPUP_PAGES,
  type PagePopup,
  type PopupSettings,
  parseSeen,
  parseVisitCounts,
  placedOn,
  popupActionOf,
  STORAGE_SECONDS,
  scrollFires,
  seenHides,
  sourceOf,
  timingAllows,
  type ViewFacts,
  viewerAllowed,
} from './model';
import { popupSettings } from './settings';

const facts = (over: Partial<ViewFacts> = {}): ViewFacts => ({
  counts: { views: 1, sessions: 1 },
  referrer: '',
  host: 'smptunasbangsa.sch.id',
  width: 1280,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  now: new Date(2026, 10, 25, 10, 0),
  ...over,
});

describe('visits', () => {
  test('the first view starts one session; later views in the same tab add views only', () => {
    const first = countVisit(null, true);
    expect(first).toEqual({ views: 1, sessions: 1 });
    expect(countVisit(first, false)).toEqual({ views: 2, sessions: 1 });
    expect(countVisit({ views: 2, sessions: 1 }, true)).toEqual({ views: 3, sessions: 2 });
  });
  test('stored counts that are not counts read as none', () => {
    expect(parseVisitCounts('{"views":3,"sessions":2}')).toEqual({ views: 3, sessions: 2 });
    for (const raw of [null, '', 'x', '[]', '{"views":"3","sessions":1}', '{"views":1.5,"sessions":1}']) {
      expect(parseVisitCounts(raw)).toBeNull();
    }
  });
});

describe('timing conditions', () => {
  test('page views: from the second view on', () => {
    const t = { pageViews: 2 };
    expect(timingAllows(t, facts({ counts: { views: 1, sessions: 1 } }))).toBe(false);
    expect(timingAllows(t, facts({ counts: { views: 2, sessions: 1 } }))).toBe(true);
    expect(timingAllows(t, facts({ counts: { views: 9, sessions: 3 } }))).toBe(true);
  });
  test('sessions', () => {
    expect(timingAllows({ sessions: 2 }, facts())).toBe(false);
    expect(timingAllows({ sessions: 2 }, facts({ counts: { views: 5, sessions: 2 } }))).toBe(true);
  });
  test('referrer contains one of the texts', () => {
    const t = { referrer: ['facebook.com', 'instagram'] };
    expect(timingAllows(t, facts({ referrer: 'https://l.facebook.com/x' }))).toBe(true);
    expect(timingAllows(t, facts({ referrer: 'https://www.google.com/' }))).toBe(false);
    expect(timingAllows(t, facts())).toBe(false);
  });
  test.each([
    ['', 'direct'],
    ['not a url', 'direct'],
    ['https://smptunasbangsa.sch.id/profil/', 'internal'],
    ['https://www.google.co.id/search?q=smp', 'search'],
    ['https://duckduckgo.com/', 'search'],
    ['https://www.facebook.com/', 'external'],
  ] as const)('source of %j is %s', (referrer, source) => {
    expect(sourceOf(referrer, 'smptunasbangsa.sch.id')).toBe(source);
    expect(timingAllows({ sources: [source] }, facts({ referrer }))).toBe(true);
  });
  test.each(BREAKPOINT_EDGES)('a %d px viewport is %s', (width, device) => {
    expect(deviceOf(width)).toBe(device);
    expect(timingAllows({ devices: ['desktop'] }, facts({ width }))).toBe(device === 'desktop');
  });
  test.each([
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0', 'edge'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 OPR/120.0', 'opera'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'firefox'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36', 'chrome'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      'safari',
    ],
    ['curl/8.0', 'other'],
  ] as const)('browser of %s is %s', (ua, browser) => {
    expect(browserOf(ua)).toBe(browser);
  });
  test('times: a window on weekdays, and one passing midnight', () => {
    const day = { from: '07:00', to: '15:00', days: [1, 2, 3, 4, 5] };
    expect(inTimeWindow(day, new Date(2026, 10, 25, 7, 0))).toBe(true); // Wednesday
    expect(inTimeWindow(day, new Date(2026, 10, 25, 15, 0))).toBe(false);
    expect(inTimeWindow(day, new Date(2026, 10, 29, 10, 0))).toBe(false); // Sunday
    const night = { from: '22:00', to: '05:00' };
    expect(inTimeWindow(night, new Date(2026, 10, 25, 23, 30))).toBe(true);
    expect(inTimeWindow(night, new Date(2026, 10, 25, 4, 59))).toBe(true);
    expect(inTimeWindow(night, new Date(2026, 10, 25, 12, 0))).toBe(false);
    expect(timingAllows({ times: day }, facts())).toBe(true);
  });
  test('every set condition must hold', () => {
    const t = { pageViews: 2, devices: ['mobile' as const] };
    expect(timingAllows(t, facts({ counts: { views: 2, sessions: 1 }, width: 390 }))).toBe(true);
    expect(timingAllows(t, facts({ counts: { views: 2, sessions: 1 }, width: 1280 }))).toBe(false);
    expect(timingAllows({}, facts())).toBe(true);
  });
});

describe('logged-in roles (decided by the server)', () => {
  const editor = { roles: ['editor'] };
  const subscriber = { roles: ['subscriber'] };
  test('no rule or all: everyone but excluded roles', () => {
    expect(viewerAllowed(undefined, null)).toBe(true);
    expect(viewerAllowed({ who: 'all', excludeRoles: ['editor'] }, null)).toBe(true);
    expect(viewerAllowed({ who: 'all', excludeRoles: ['editor'] }, editor)).toBe(false);
    expect(viewerAllowed({ who: 'all', excludeRoles: ['editor'] }, subscriber)).toBe(true);
  });
  test('guests only, users only', () => {
    expect(viewerAllowed({ who: 'guests', excludeRoles: [] }, null)).toBe(true);
    expect(viewerAllowed({ who: 'guests', excludeRoles: [] }, subscriber)).toBe(false);
    expect(viewerAllowed({ who: 'users', excludeRoles: [] }, null)).toBe(false);
    expect(viewerAllowed({ who: 'users', excludeRoles: ['administrator'] }, subscriber)).toBe(true);
    expect(viewerAllowed({ who: 'users', excludeRoles: ['subscriber'] }, subscriber)).toBe(false);
  });
});

describe('storage durations', () => {
  const now = Date.UTC(2026, 10, 25);
  test.each(Object.entries(STORAGE_SECONDS))(
    'seen for a %s (%d s) hides it until then, not after',
    (storage, seconds) => {
      const seen = markSeen({}, 7, storage as keyof typeof STORAGE_SECONDS, now);
      expect(seenHides(seen, 7, now + seconds * 1000 - 1)).toBe(true);
      expect(seenHides(seen, 7, now + seconds * 1000)).toBe(false);
      expect(seenHides(seen, 8, now)).toBe(false);
    },
  );
  test('the durations are the spec’s', () => {
    expect(STORAGE_SECONDS).toEqual({ day: 86_400, week: 604_800, month: 2_628_288 });
  });
  test('marking drops expired entries and keeps live ones', () => {
    expect(markSeen({ 1: now - 1, 2: now + 5 }, 3, 'day', now)).toEqual({ 2: now + 5, 3: now + 86_400_000 });
  });
  test('anything else in storage reads as nothing seen', () => {
    expect(parseSeen('{"4":123,"5":"x","6":null}')).toEqual({ 4: 123 });
    for (const raw of [null, '', '[1]', 'nope', '3']) expect(parseSeen(raw)).toEqual({});
  });
});

describe('triggers', () => {
  const down = { direction: 'down' as const, offset: 50 };
  test('scroll down past an offset', () => {
    expect(scrollFires(down, 0, 400, 1000)).toBe(false);
    expect(scrollFires(down, 400, 500, 1000)).toBe(true);
    expect(scrollFires(down, 600, 550, 1000)).toBe(false); // moving up
    expect(scrollFires(down, 500, 500, 1000)).toBe(false); // no movement
  });
  test('scroll up above an offset; a page that cannot scroll fires only at 0 %', () => {
    const up = { direction: 'up' as const, offset: 20 };
    expect(scrollFires(up, 900, 300, 1000)).toBe(false);
    expect(scrollFires(up, 300, 150, 1000)).toBe(true);
    expect(scrollFires({ direction: 'down', offset: 0 }, 0, 1, 0)).toBe(true);
    expect(scrollFires(down, 0, 1, 0)).toBe(false);
  });
  test('exit intent: the pointer leaves the window through the top', () => {
    expect(isExitIntent(0, true)).toBe(true);
    expect(isExitIntent(-3, true)).toBe(true);
    expect(isExitIntent(200, true)).toBe(false);
    expect(isExitIntent(0, false)).toBe(false);
  });
});

describe('placement and lookup', () => {
  test('everywhere, on exact paths, or on a path and those under it', () => {
    expect(placedOn({ pages: ['*'] }, '/berita/page/2/')).toBe(true);
    expect(placedOn({ pages: ['/ekskul/'] }, '/ekskul/')).toBe(true);
    expect(placedOn({ pages: ['/ekskul/'] }, '/ekskul')).toBe(true);
    expect(placedOn({ pages: ['/ekskul/'] }, '/ekskul/pramuka/')).toBe(false);
    expect(placedOn({ pages: ['/'] }, '/profil/')).toBe(false);
    expect(placedOn({ pages: ['/berita/*'] }, '/berita/')).toBe(true);
    expect(placedOn({ pages: ['/berita/*'] }, '/berita/page/2/')).toBe(true);
    expect(placedOn({ pages: ['/berita/*'] }, '/beritaku/')).toBe(false);
  });
  test('never on the account pages, the newsletter pages or in the staff area; a popup may keep off more', () => {
    for (const path of [
      '/masuk/',
      '/masuk',
      '/daftar/',
      '/lupa-kata-sandi/',
      '/atur-ulang-kata-sandi/',
      '/keluar/',
      '/terima-undangan/',
      '/berlangganan/',
      '/berlangganan/konfirmasi/',
      '/admin/',
      '/admin/halaman/3/pratinjau',
    ]) {
      expect(placedOn({ pages: ['*'] }, path), path).toBe(false);
      expect(placedOn({ pages: [path] }, path), path).toBe(false);
    }
    expect(NO_POPUP_PAGES).toContain('/masuk/');
    // Only those: a page whose name starts like one is not one.
    expect(placedOn({ pages: ['*'] }, '/masukan/')).toBe(true);
    expect(placedOn({ pages: ['*'] }, '/administrasi/')).toBe(true);
    expect(placedOn({ pages: ['*'], notOn: ['/ppdb/'] }, '/ppdb/')).toBe(false);
    expect(placedOn({ pages: ['*'], notOn: ['/ppdb/'] }, '/profil/')).toBe(true);
    expect(placedOn({ pages: ['*'], notOn: ['/berita/*'] }, '/berita/page/2/')).toBe(false);
  });
  test('the settings take paths, `*` and `/path/*` for where a popup opens and where not; none kept off by default', () => {
    expect(popupSettings.parse({ pages: ['*'], label: 'x' }).notOn).toEqual([]);
    expect(popupSettings.parse({ pages: ['/berita/*'], notOn: ['/ppdb/'], label: 'x' }).notOn).toEqual(['/ppdb/']);
    for (const bad of ['masuk', '/masuk', '/a*/', 'javascript:x', '/../']) {
      expect(popupSettings.safeParse({ pages: ['*'], notOn: [bad], label: 'x' }).success, bad).toBe(false);
      expect(popupSettings.safeParse({ pages: [bad], label: 'x' }).success, bad).toBe(false);
    }
  });
  test('a field the visitor types in: text of any kind, a text area, a list, editable content; not a button or a box', () => {
    for (const type of ['text', 'email', 'search', 'password', 'tel', 'number', 'date', undefined]) {
      expect(isTypingField({ tagName: 'INPUT', type }), String(type)).toBe(true);
    }
    expect(isTypingField({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingField({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingField({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    for (const type of ['checkbox', 'radio', 'submit', 'button', 'range', 'hidden']) {
      expect(isTypingField({ tagName: 'INPUT', type }), type).toBe(false);
    }
    expect(isTypingField({ tagName: 'A' })).toBe(false);
    expect(isTypingField({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingField(null)).toBe(false);
  });
  test('a store button names a popup by id or by slug', () => {
    const settings = popupSettings.parse({ pages: ['*'], label: 'x' }) as PopupSettings;
    const popups: PagePopup[] = [
      { id: 12, slug: 'popup-a', pages: ['*'], notOn: [], settings },
      { id: 15, slug: 'popup-b', pages: ['/profil/'], notOn: [], settings },
    ];
    expect(findPopup(popups, '15')?.slug).toBe('popup-b');
    expect(findPopup(popups, 12)?.slug).toBe('popup-a');
    expect(findPopup(popups, 'popup-b')?.id).toBe(15);
    expect(findPopup(popups, '99')).toBeUndefined();
    expect(findPopup(popups, '')).toBeUndefined();
    expect(findPopup(popups, undefined)).toBeUndefined();
  });
  test('an in-page action link names its popup, opened on click, or on hover when it says so', () => {
    expect(popupActionOf('#jet-engine-action&action=open_popup&id=popup-pengumuman-ppdb')).toEqual({
      popup: 'popup-pengumuman-ppdb',
      hover: false,
    });
    expect(popupActionOf('#jet-engine-action&action=open_popup&event=hover&id=15')).toEqual({
      popup: '15',
      hover: true,
    });
    expect(popupActionOf('#jet-engine-action&event=click&action=open_popup&id=15')?.hover).toBe(false);
    // Another action, no popup named, not an action address: not a popup link.
    expect(popupActionOf('#jet-engine-action&action=go&id=15')).toBeNull();
    expect(popupActionOf('#jet-engine-action&action=open_popup&id=')).toBeNull();
    expect(popupActionOf('#jet-engine-action&action=open_popup')).toBeNull();
    expect(popupActionOf('/profil/#jet-engine-action&action=open_popup&id=15')).toBeNull();
    expect(popupActionOf(null)).toBeNull();
    // A bad escape throws nothing (and names no popup a page has).
    expect(popupActionOf('#jet-engine-action&action=open_popup&id=%E0%A4%A')?.hover).toBe(false);
  });
});

describe('stored settings', () => {
  test('defaults: opens on page load, shows each time, fades, closes only when closed', () => {
    expect(popupSettings.parse({ pages: ['*'], label: 'Info' })).toMatchObject({
      trigger: { type: 'page-load', delay: 0 },
      storage: 'never',
      closeAutomatically: 0,
      closeButtonDelay: 0,
      entranceAnimation: 'fade',
      exitAnimation: 'fade',
      timing: {},
    });
  });
  test('bad settings are refused', () => {
    const bad = [
      { pages: [], label: 'x' },
      { pages: ['profil'], label: 'x' },
      { pages: ['*'], label: '' },
      { pages: ['*'], label: 'x', storage: 'year' },
      { pages: ['*'], label: 'x', trigger: { type: 'scroll-to', selector: 'div > a' } },
      { pages: ['*'], label: 'x', closeButtonDelay: 60 },
      { pages: ['*'], label: 'x', timing: { times: { from: '7:00', to: '15:00' } } },
      { pages: ['*'], label: 'x', timing: { devices: ['watch'] } },
    ];
    for (const s of bad) expect(popupSettings.safeParse(s).success).toBe(false);
  });
});
