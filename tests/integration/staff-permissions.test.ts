import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Connection } from '~/db/connection.server';
import type { UserRole } from '~/lib/user';
import { meets, type StaffNeed } from '~/staff/access.server';
import { ADMIN_SECTIONS } from '~/staff/admin/model';
import { DIALECTS, freshDatabase } from '../support/databases';
import { closeAppBuild, loadAppBuild, type SiteServer, startSite } from '../support/site-server';
import { staffRequests } from '../support/staff-requests';
import { signInRoles } from '../support/users';

/**
 * Permissions as data (issue 23): every staff route declares what it needs on its loader and its
 * action (`staffLoader` / `staffAction`), and the server holds to the declaration. This test reads
 * the declarations off the running app's route table, then opens every screen and posts every form
 * as a visitor and as each role: a visitor is sent to sign in, a role without the need gets 403, a
 * role with it gets the screen (or, for a post, anything but 403).
 */

afterAll(() => closeAppBuild());

const ROLES: readonly UserRole[] = ['administrator', 'editor', 'author', 'subscriber'];

interface StaffRoute {
  path: string;
  loader?: StaffNeed;
  action?: StaffNeed;
}

/** Every route under /admin/ with the needs its loader and action declare (undefined: not declared). */
function staffRoutes(build: ServerBuild): Array<StaffRoute & { declared: boolean }> {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const needOf = (handler: unknown) => (handler as { need?: StaffNeed } | undefined)?.need;
  return Object.values(build.routes)
    .filter((route): route is NonNullable<typeof route> => Boolean(route))
    .map((route) => ({ route, path: `/${fullPath(route.id)}` }))
    .filter(({ path }) => path === '/admin' || path.startsWith('/admin/'))
    .map(({ route, path }) => {
      const module = route.module as { loader?: unknown; action?: unknown };
      const loader = needOf(module.loader);
      const action = needOf(module.action);
      const declared = (!module.loader || loader !== undefined) && (!module.action || action !== undefined);
      return { path, loader: module.loader ? loader : undefined, action: module.action ? action : undefined, declared };
    });
}

interface TreeElement {
  id: string;
  type: string;
  children: TreeElement[];
}

/** The id of a page tree's first element of a type (its first widget, its first column). */
function firstOfType(tree: string | null, type: string): string {
  const walk = (els: TreeElement[]): string | undefined => {
    for (const el of els) {
      const found = el.type === type ? el.id : walk(el.children);
      if (found) return found;
    }
    return undefined;
  };
  return walk(JSON.parse(tree ?? '[]')) ?? '';
}

describe.each(DIALECTS)('every staff route and action with every role on %s', (dialect) => {
  let conn: Connection;
  let dispose: () => Promise<void>;
  let site: SiteServer;
  let routes: ReturnType<typeof staffRoutes>;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const params: Record<string, string> = {};
  const { open, post } = staffRequests(() => site, cookies);

  beforeAll(async () => {
    ({ conn, dispose } = await freshDatabase(dialect));
    site = await startSite(conn);
    await signInRoles(conn.db, 'izin', ROLES, { cookies, tokens, ids });
    routes = staffRoutes(await loadAppBuild());
    const first = async (type: string) =>
      String(
        (await conn.db.selectFrom('post').select('id').where('type', '=', type).orderBy('id').executeTakeFirstOrThrow())
          .id,
      );
    // The author's own news post: who may change which post is the post rule's, not the route's.
    const news = await first('post');
    await conn.db
      .updateTable('post')
      .set({ author_id: ids.author as number })
      .where('id', '=', Number(news))
      .execute();
    const page = await conn.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', '=', 'page')
      .where('tree', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const menu = await conn.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirstOrThrow();
    const item = await conn.db
      .selectFrom('menu_item')
      .select('id')
      .where('menu_id', '=', menu.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const filter = await conn.db.selectFrom('smart_filter').select('id').orderBy('id').executeTakeFirstOrThrow();
    Object.assign(params, {
      berita: news,
      agenda: await first('agenda'),
      galeri: await first('galeri'),
      halaman: String(page.id),
      elemen: firstOfType(page.tree, 'widget'),
      kolom: firstOfType(page.tree, 'column'),
      menu: String(menu.id),
      item: String(item.id),
      filter: String(filter.id),
      pengguna: String(ids.editor),
      ulasan: String((await conn.db.selectFrom('review').select('id').orderBy('id').executeTakeFirstOrThrow()).id),
      // Issue 26: an import run's page (/admin/pengaturan/impor/:id/), a finished one so that no worker takes it.
      pengaturan: String(
        (
          await conn.db
            .insertInto('import_run')
            .values({
              user_id: ids.administrator as number,
              file: 'selesai.xml',
              original_name: 'export.xml',
              options: JSON.stringify({ dryRun: true, fetchMedia: false, uploads: null }),
              status: 'done',
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    });
  });
  afterAll(async () => {
    await site.close();
    await dispose();
  });

  /**
   * A route's path with real ids of the section it is in (`/admin/galeri/:id/foto` → an album's); the
   * reviews' delete confirmation names its reviews in the query, a new widget its column and kind.
   */
  const address = (path: string): string => {
    if (path === '/admin/ulasan/hapus') return `${path}/?id=${params.ulasan}`;
    if (path.endsWith('/widget-baru'))
      return `${address(path.replace('/widget-baru', ''))}widget-baru/?kolom=${params.kolom}&jenis=heading`;
    const section = path.split('/')[2] ?? '';
    const filled = path
      .replace(':menuId', params.menu as string)
      .replace(':itemId', params.item as string)
      .replace(':elementId', params.elemen as string)
      .replace(':id', params[section] as string);
    return `${filled}/`;
  };

  test('every staff route declares what its loader and its action need: its section’s capability', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !r.declared).map((r) => r.path)).toEqual([]);
    // The area's frame and home are for any staff role; a section's screens need what its menu entry needs.
    const sectionNeed = (path: string): StaffNeed =>
      ADMIN_SECTIONS.find((s) => `${path}/`.startsWith(s.path))?.capability ?? 'staff';
    const wrong = routes.filter(
      (r) =>
        (r.loader ?? sectionNeed(r.path)) !== sectionNeed(r.path) ||
        (r.action ?? sectionNeed(r.path)) !== sectionNeed(r.path),
    );
    expect(wrong.map((r) => [r.path, r.loader, r.action])).toEqual([]);
  });

  test('a screen opens for the roles its loader names, 403 for the others, sign-in for a visitor', async () => {
    const screens = routes.filter((r) => r.loader !== undefined);
    for (const route of screens) {
      const path = address(route.path);
      const visitor = await open(path);
      expect([path, visitor.status, visitor.headers.location]).toEqual([
        path,
        302,
        `/masuk/?redirect_to=${encodeURIComponent(path)}`,
      ]);
      for (const role of ROLES) {
        const answer = await open(path, role);
        const expected = meets({ roles: [role] }, route.loader as StaffNeed) ? 200 : 403;
        expect([path, role, answer.status]).toEqual([path, role, expected]);
      }
    }
  });

  test('a form is taken from the roles its action names, 403 for the others, sign-in for a visitor', async () => {
    const forms = routes.filter((r) => r.action !== undefined);
    expect(forms.length).toBeGreaterThan(20);
    // Refusals first: they change nothing, so every address still names what it names.
    const allowed: Array<[string, UserRole]> = [];
    for (const route of forms) {
      const path = address(route.path);
      expect([path, (await post(path, '', {})).status]).toEqual([path, 302]);
      for (const role of ROLES) {
        if (meets({ roles: [role] }, route.action as StaffNeed)) allowed.push([path, role]);
        else
          expect([path, role, (await post(path, role, { _token: tokens[role] as string })).status]).toEqual([
            path,
            role,
            403,
          ]);
      }
    }
    // The roles allowed get past the declaration: the handler answers (400 for an empty form, a redirect …).
    for (const [path, role] of allowed) {
      const status = (await post(path, role, { _token: tokens[role] as string })).status;
      expect([path, role, status !== 403 && status < 500]).toEqual([path, role, true]);
    }
  });
});
