import { z } from 'zod';
import { findContentById } from '~/content/content.server';
import { parseTree } from '~/content/tree.server';
import { NotFound } from '~/lib/errors';
import { defineRestRoute } from '~/wire/registry.server';
import { renderTreeHtml } from './render.server';
import { loadTree } from './tree.server';

/**
 * Calls 3 and 16 (and the tabs/elements template paths): a stored template rendered to an HTML
 * string, answered bare as `{ template_content, template_scripts, template_styles }` (original-wire.md §5, §7).
 * Our templates need no extra scripts or styles: the page's bundle renders every widget.
 */
export const templateContentRoute = (path: string) =>
  defineRestRoute({
    path,
    methods: ['GET'],
    // A read: a nonce header is accepted but never required (cached pages, original-wire.md §9.6).
    nonce: false,
    input: z.object({
      id: z.union([z.string().regex(/^\d{1,9}$/), z.number().int()]).transform(Number),
      dev: z.string().optional(),
      cachedTemplate: z.string().optional(),
    }),
    async handle({ id }, ctx) {
      const row = await findContentById(ctx.db, id);
      if (!row?.tree) throw new NotFound('Template not found', 'template_not_found');
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
    },
  });
