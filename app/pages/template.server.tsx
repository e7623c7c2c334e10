import { z } from 'zod';
import { parseTree } from '~/content/tree.server';
import type { Db, Dialect } from '~/db';
import { NotFound } from '~/lib/errors';
import { rememberFor } from '~/lib/remember.server';
import { provideTemplateRenderer } from '~/widgets/toggles/panels.server';
import { defineRestRoute, wireId } from '~/wire/registry.server';
import { renderTreeHtml } from './render.server';
import { loadTree } from './tree.server';

/** The answer of the template routes (original-wire.md §5, §7), bare. */
export interface TemplateAnswer {
  template_content: string;
  /** handle → script URL: none, the page's bundle renders every widget */
  template_scripts: Record<string, string>;
  /** handle → stylesheet URL: none, the page's stylesheet styles every widget */
  template_styles: Record<string, string>;
}

// Templates change only when staff edit them: each process keeps a rendered one a few seconds
// (the original kept them 12 hours). Failed reads (unknown ids) are not kept.
const remembered = rememberFor<TemplateAnswer>(5_000, 200);

/**
 * A published template (post type `template`) rendered to HTML by the page renderer: the site's
 * own element tree, rich text sanitized by the text widget's loader. Throws NotFound with a message
 * for an id that names nothing published, or a post that is not a template.
 */
export function templateContent(ctx: { db: Db; dialect: Dialect }, id: number): Promise<TemplateAnswer> {
  return remembered(ctx.db, `template:${id}`, () => renderTemplate(ctx, id));
}

async function renderTemplate(ctx: { db: Db; dialect: Dialect }, id: number): Promise<TemplateAnswer> {
  const row = await ctx.db
    .selectFrom('post')
    .select(['id', 'type', 'status', 'tree'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A draft or private post is answered as if it did not exist.
  if (row?.status !== 'publish') {
    throw new NotFound(`No published template has the id ${id}.`, 'template_not_found');
  }
  if (row.type !== 'template') throw new NotFound(`Post ${id} is not a template.`, 'not_a_template');
  const serverHtml = new Map<string, string>();
  const loaded = await loadTree(parseTree(row.tree), {
    serverHtml,
    db: ctx.db,
    dialect: ctx.dialect,
    postId: row.id,
    page: 1,
    basePath: '/',
  });
  const html = `<div class="elementor elementor-${row.id}" data-elementor-id="${row.id}">${renderTreeHtml(loaded.tree, loaded.props, serverHtml)}</div>`;
  return { template_content: html, template_scripts: {}, template_styles: {} };
}

/** The id of a published template by its slug (the layout places the hamburger panel's), or null. */
export async function templateIdBySlug(db: Db, slug: string): Promise<number | null> {
  const row = await db
    .selectFrom('post')
    .select('id')
    .where('type', '=', 'template')
    .where('slug', '=', slug)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  return row?.id ?? null;
}

const templateId = wireId('a template');

/**
 * Calls 3 and 16 (and the menu's blocks and v1 paths, the tabs and elements template paths): a
 * stored template as `{ template_content, template_scripts, template_styles }`.
 * A read: no nonce is required, and the `X-WP-Nonce` the original JetMenu and JetBlocks clients send
 * (baked into a page that may be a day old in a cache, never refreshed by them) is not checked, so
 * it can never turn the answer into a 403 (original-wire.md §1, §9.6; README "Departures").
 * `dev` and `cachedTemplate` are read and ignored: answers are copies of a few seconds.
 */
export const templateContentRoute = (path: string) =>
  defineRestRoute({
    path,
    methods: ['GET'],
    auth: 'anyone',
    nonce: false,
    input: z.object({
      id: templateId,
      dev: z.string().max(10).optional(),
      cachedTemplate: z.string().max(10).optional(),
    }),
    handle: ({ id }, ctx) => templateContent(ctx, id),
  });

// Issue 22: the tabs', accordion's and switcher's template panels render into their page with this
// same renderer (widgets sit below pages and cannot import it).
provideTemplateRenderer((ctx, id) => templateContent(ctx, id).then((answer) => answer.template_content));
