import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { filterRecord } from '~/features/filters/settings';
import { ContentError, loadContent } from './index';
import { defaultContentDir } from './load';
import type { Content } from './schemas';

// The seed files (content/*.yaml): what loadContent reads from them, and how it refuses a bad one; the
// demo school they seed is tested in demo-school.test.ts.

const tmpDirs: string[] = [];
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A copy of the seed files to break one at a time: `refusal` replaces one text in one file (the
 * others as seeded) and gives the error loadContent raises, or 'accepted'.
 */
function contentCopy(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  fs.cpSync(defaultContentDir(), dir, { recursive: true });
  const refusal = (file: string, from: string | RegExp, to: string): string => {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, 'utf8');
    const changed = text.replace(from, to);
    expect(changed, `${file}: ${String(from)}`).not.toBe(text);
    fs.writeFileSync(full, changed);
    try {
      loadContent(dir);
      return 'accepted';
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      return (e as Error).message;
    } finally {
      fs.writeFileSync(full, text);
    }
  };
  return { dir, refusal };
}

/** The widgets of a seed tree, depth first. */
function widgetsOf(tree: Content['pages'][number]['tree']): Content['pages'][number]['tree'] {
  return tree.flatMap((el) => (el.type === 'widget' ? [el] : widgetsOf(el.children)));
}

describe('seed files', () => {
  test('the content files load and hold what the pages need', () => {
    const content = loadContent();
    expect(content.posts.length).toBeGreaterThanOrEqual(32);
    expect(content.gallery.length).toBeGreaterThanOrEqual(15);
    expect(content.pages.filter((p) => p.front).map((p) => p.slug)).toEqual(['beranda']);
    expect(content.site.language).toBe('id');
  });

  test('a bad field is reported with its file and path', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunas-content-'));
    tmpDirs.push(dir);
    fs.cpSync(defaultContentDir(), dir, { recursive: true });
    const postsFile = path.join(dir, 'posts.yaml');
    const text = fs.readFileSync(postsFile, 'utf8');
    fs.writeFileSync(postsFile, text.replace(/date: 2024-07-29T10:00:00\+07:00/, 'date: 29 Juli 2024'));
    expect(() => loadContent(dir)).toThrow(ContentError);
    expect(() => loadContent(dir)).toThrow(/^content\/posts\.yaml: posts\[1\]\.date: /);

    fs.writeFileSync(
      postsFile,
      text.replace('categories: [pengumuman, ekstrakurikuler]', 'categories: [pengumuman, kuliner]'),
    );
    expect(() => loadContent(dir)).toThrow('content/posts.yaml: posts[1].categories[1]: no category with slug kuliner');

    fs.writeFileSync(postsFile, text);
    const pagesFile = path.join(dir, 'pages.yaml');
    const pages = fs.readFileSync(pagesFile, 'utf8');
    fs.writeFileSync(
      pagesFile,
      pages.replace(
        'settings: { title: Sambutan Kepala Sekolah, level: 2 }',
        'settings: { title: Sambutan, level: 9 }',
      ),
    );
    expect(() => loadContent(dir)).toThrow(
      /^content\/pages\.yaml: pages\[0\]\.tree\[2\]\.children\[1\]\.children\[0\]\.settings\.level: /,
    );
  });

  test('menus name templates that exist and settings the menu schema takes, or are refused with their path', () => {
    const content = loadContent();
    const main = content.menus.find((m) => m.location === 'main');
    expect(main?.items.find((i) => i.title === 'Profil')?.megaTemplate).toBe('mega-profil');
    expect(content.templates.map((t) => t.slug)).toEqual(expect.arrayContaining(['mega-profil', 'panel-hamburger']));

    const { refusal } = contentCopy('tunas-menus-');
    expect(refusal('menus.yaml', 'megaTemplate: mega-profil', 'megaTemplate: mega-sejarah')).toBe(
      'content/menus.yaml: menus[0].items[1].megaTemplate: no template "mega-sejarah" in templates.yaml',
    );
    expect(refusal('menus.yaml', 'menuLayout: slide-out', 'menuLayout: sideways')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.settings\.mobile\.menuLayout: Invalid option/,
    );
    expect(refusal('menus.yaml', "loaderColor: '#3a3a3a'", 'loaderColor: grey')).toBe(
      'content/menus.yaml: menus[0].settings.mobile.loaderColor: a colour is #rgb or #rrggbb',
    );
    expect(refusal('menus.yaml', 'megaWidthType: container', 'megaWidthType: selector')).toBe(
      'content/menus.yaml: menus[0].settings.desktop.megaWidthSelector: megaWidthType selector needs a megaWidthSelector',
    );
    expect(
      refusal('menus.yaml', 'closeAfterNavigate: true', 'closeAfterNavigate: true\n        afterTemplate: promo'),
    ).toBe('content/menus.yaml: menus[0].settings.mobile.afterTemplate: no template "promo" in templates.yaml');
    expect(
      refusal(
        'menus.yaml',
        'closeAfterNavigate: true',
        'closeAfterNavigate: true\n        afterTemplate: panel-hamburger',
      ),
    ).toBe('accepted');
    expect(refusal('menus.yaml', 'rollUp: true', 'rollUp: true\n        rollDown: true')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.settings\.desktop: Unrecognized key/,
    );
    expect(refusal('menus.yaml', '    location: footer', '    location: main')).toBe(
      'content/menus.yaml: menus[1].location: another menu is at location main',
    );
    expect(refusal('templates.yaml', '- slug: panel-hamburger', '- slug: mega-profil')).toBe(
      'content/templates.yaml: templates[2].slug: duplicate slug mega-profil',
    );
    expect(refusal('menus.yaml', 'icon: user-plus', 'icon: User Plus')).toMatch(
      /^content\/menus\.yaml: menus\[0\]\.items\[6\]\.icon: /,
    );
    expect(refusal('menus.yaml', 'icon: user-plus', 'icon: user-plush')).toBe(
      'content/menus.yaml: menus[0].items[6].icon: no icon "user-plush" in the Lucide icon set (lucide.dev/icons)',
    );
  });

  test('the filter records load and validate, and every filter widget names a record and a listing on its page', () => {
    const content = loadContent();
    const ids = content.filters.map((f) => f.record.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { record } of content.filters) expect(filterRecord.parse(record), record.name).toEqual(record);

    const placed = new Set<number>();
    /** Per page: the filter group widgets it has, and the filter ids of each group. */
    const pageGroups = new Map<string, { widgets: Set<string>; filters: Map<string, number[]> }>();
    for (const page of content.pages) {
      const widgets = widgetsOf(page.tree);
      const listings = new Set(
        widgets.flatMap((w) => {
          const provider = { 'jet-listing-grid': 'jet-engine', posts: 'epro-posts' }[w.widget ?? ''];
          return provider && typeof w.settings.queryId === 'string' ? [`${provider}/${w.settings.queryId}`] : [];
        }),
      );
      const found = { widgets: new Set<string>(), filters: new Map<string, number[]>() };
      pageGroups.set(page.slug, found);
      for (const w of widgets.filter((w) => w.widget?.startsWith('smart-filter'))) {
        const key = `${String(w.settings.provider)}/${String(w.settings.queryId)}`;
        expect(listings.has(key), `${page.slug} ${w.id} → ${key}`).toBe(true);
        found.widgets.add(w.widget as string);
        if (w.widget === 'smart-filter') {
          const id = Number(w.settings.filterId);
          expect(ids, `${page.slug} ${w.id}`).toContain(id);
          placed.add(id);
          found.filters.set(key, [...(found.filters.get(key) ?? []), id]);
        }
      }
    }
    // Every record is shown somewhere, and each listing page has the filters the issue asks for.
    expect([...placed].sort()).toEqual([...ids].sort());
    const filtersOf = (slug: string, key: string) =>
      [...(pageGroups.get(slug)?.filters.get(key) ?? [])].sort((a, b) => a - b);
    expect(filtersOf('galeri', 'jet-engine/galeri')).toEqual([11, 12, 13]);
    expect(filtersOf('berita', 'epro-posts/berita')).toEqual([21, 22, 23, 24, 25, 26, 27, 28]);
    expect(filtersOf('ekskul', 'jet-engine/ekskul')).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39]);
    const widgetsOn = (slug: string) => [...(pageGroups.get(slug)?.widgets ?? [])];
    expect(widgetsOn('galeri')).toEqual(
      expect.arrayContaining(['smart-filter', 'smart-filter-active', 'smart-filter-remove']),
    );
    for (const slug of ['berita', 'ekskul']) {
      expect(widgetsOn(slug), slug).toEqual(
        expect.arrayContaining([
          'smart-filter',
          'smart-filter-pagination',
          'smart-filter-active',
          'smart-filter-remove',
        ]),
      );
    }
    expect(widgetsOn('berita')).toContain('smart-filter-apply');
    // The mixed filters of /berita/ need that apply button.
    expect(content.filters.filter((f) => f.record.applyType === 'mixed').map((f) => f.record.id)).toEqual([22, 23]);
  });

  test('every option of the /ekskul/ filters has activities, and some combinations have none', () => {
    const content = loadContent();
    const items = content.ekskul;
    expect(items.length).toBeGreaterThanOrEqual(24);
    const record = (id: number) => content.filters.find((f) => f.record.id === id)!.record;
    const metaOf = (item: Content['ekskul'][number], key: string) => String(item[key as keyof typeof item]);

    // Manual options on meta: each has items, and no item holds a value the filter does not offer.
    for (const id of [33, 35, 36, 37]) {
      const f = record(id);
      const options = f.source.kind === 'manual' ? f.source.options.map((o) => o.value) : [];
      expect(options.length, f.name).toBeGreaterThan(3);
      for (const o of options)
        expect(
          items.some((e) => metaOf(e, f.queryVar) === o),
          `${f.name}: ${o}`,
        ).toBe(true);
      for (const e of items) expect(options, `${e.slug} ${f.queryVar}`).toContain(metaOf(e, f.queryVar));
    }
    // Every activity, every field (through its activities) and every grade has items.
    const terms = content.terms['bidang-ekskul'];
    for (const t of terms) {
      const below = t.parent ? [t.slug] : terms.filter((c) => c.parent === t.slug).map((c) => c.slug);
      expect(
        items.some((e) => below.includes(e.bidang)),
        t.slug,
      ).toBe(true);
    }
    for (const t of content.terms.tingkat)
      expect(
        items.some((e) => e.tingkat.includes(t.slug)),
        t.slug,
      ).toBe(true);
    // Fees fit the slider, with free activities and dear ones; ratings reach every star.
    const fee = record(32).settings;
    expect(items.every((e) => e.biaya >= fee.min! && e.biaya <= fee.max! && e.biaya % fee.step! === 0)).toBe(true);
    expect(items.filter((e) => e.biaya === 0).length).toBeGreaterThanOrEqual(5);
    expect(items.some((e) => e.biaya >= 100_000)).toBe(true);
    for (let star = 1; star <= 5; star++)
      expect(
        items.some((e) => e.rating >= star),
        `${star}★`,
      ).toBe(true);
    expect(items.some((e) => e.rating < 3)).toBe(true);

    // The `hide` rule (days) and the `disable` rule (grades) have something to do: under some
    // other choice a day and a grade have no activity left, while others still have some.
    const fieldOf = (e: Content['ekskul'][number]) => terms.find((t) => t.slug === e.bidang)?.parent;
    const days = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
    const hours = [...new Set(items.map((e) => e.jam))];
    expect(
      hours.some((h) => {
        const counts = days.map((d) => items.filter((e) => e.jam === h && e.hari === d).length);
        return counts.includes(0) && counts.some((n) => n > 0);
      }),
    ).toBe(true);
    const fields = terms.filter((t) => !t.parent).map((t) => t.slug);
    expect(
      fields.some((f) => {
        const counts = ['kelas-7', 'kelas-8', 'kelas-9'].map(
          (g) => items.filter((e) => fieldOf(e) === f && e.tingkat.includes(g)).length,
        );
        return counts.includes(0) && counts.some((n) => n > 0);
      }),
    ).toBe(true);
  });

  test('a bad filter record, or a filter widget without its record or listing, is refused with its path', () => {
    const { dir, refusal } = contentCopy('tunas-filters-');

    expect(refusal('filters.yaml', 'rule: hide,', 'rule: hidden,')).toMatch(
      /^content\/filters\.yaml: filters\[17\]\.indexer\.rule: Invalid option/,
    );
    // A key the record schema would silently drop is a typo in a seed file.
    expect(refusal('filters.yaml', "label: Merah, color: '#d32f2f'", "label: Merah, colour: '#d32f2f'")).toBe(
      'content/filters.yaml: filters[16].source.options[0]: Unrecognized key: "colour"',
    );
    expect(refusal('filters.yaml', /(queryVar: biaya)\n\s+queryVarSuffix: range/, '$1')).toBe(
      'content/filters.yaml: filters[12].queryType: a range filter queries meta_query <name>|range (original-wire.md §2.2), not meta_query "biaya"',
    );
    expect(refusal('filters.yaml', 'image: tempat-aula', 'image: tempat-kolam')).toBe(
      'content/filters.yaml: filters[15].source.options[1].image: no image "tempat-kolam" in media.yaml',
    );
    expect(refusal('filters.yaml', 'id: 12\n', 'id: 11\n')).toBe(
      'content/filters.yaml: filters[1].id: filter id 11 is used twice',
    );
    expect(refusal('filters.yaml', 'taxonomy: tingkat }', 'taxonomy: kelas }')).toBe(
      'content/filters.yaml: filters[18].source: a tax_query filter offers the terms of its taxonomy (tingkat)',
    );
    expect(refusal('pages.yaml', '{ filterId: 12, provider: jet-engine', '{ filterId: 99, provider: jet-engine')).toBe(
      'content/pages.yaml: pages[5].tree[1].children[1].children[0].settings.filterId: no filter 99 in filters.yaml',
    );
    expect(refusal('pages.yaml', '{ filterId: 22, provider: epro-posts', '{ filterId: 12, provider: epro-posts')).toBe(
      'content/pages.yaml: pages[4].tree[1].children[0].children[3].settings.filterId: filter 12 filters by meta tahun, which no post item of listing epro-posts/berita carries',
    );
    expect(
      refusal(
        'pages.yaml',
        '{ provider: jet-engine, queryId: ekskul, midSize',
        '{ provider: jet-engine, queryId: kegiatan, midSize',
      ),
    ).toBe(
      'content/pages.yaml: pages[6].tree[1].children[1].children[4].settings.queryId: no listing jet-engine/kegiatan on this page (a jet-listing-grid widget with queryId kegiatan)',
    );
    expect(refusal('ekskul.yaml', 'bidang: pramuka\n', 'bidang: kepemimpinan\n')).toBe(
      'content/ekskul.yaml: items[0].bidang: kepemimpinan is a field; name the activity below it',
    );
    expect(refusal('ekskul.yaml', 'hari: Jumat\n', "hari: Jum'at\n")).toMatch(
      /^content\/ekskul\.yaml: items\[0\]\.hari: Invalid option/,
    );
    // An additional provider names another listing on the same page.
    expect(
      refusal(
        'pages.yaml',
        '[{ provider: epro-posts, queryId: berita-samping }]',
        '[{ provider: epro-posts, queryId: kabar }]',
      ),
    ).toBe(
      'content/pages.yaml: pages[4].tree[1].children[0].children[2].settings.additionalProviders[0].queryId: no listing epro-posts/kabar on this page (a posts widget with queryId kabar)',
    );
    expect(
      refusal(
        'pages.yaml',
        '[{ provider: epro-posts, queryId: berita-samping }]',
        '[{ provider: epro-posts, queryId: berita }]',
      ),
    ).toBe(
      "content/pages.yaml: pages[4].tree[1].children[0].children[2].settings.additionalProviders[0]: epro-posts/berita is the filter's own listing",
    );
    // Untouched, the same files load.
    expect(() => loadContent(dir)).not.toThrow();
  });
});
