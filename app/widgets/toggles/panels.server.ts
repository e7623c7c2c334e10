import type { Db, Dialect } from '~/db';
import { sanitizeRichText } from '~/lib/html.server';
import { rememberFor } from '~/lib/remember.server';
import type { WidgetLoadContext } from '../types';
import type { PanelContent } from './model';
import type { TemplateRef } from './settings';

/** Renders a published template's HTML (the page renderer's, as the template call answers it). */
export type TemplateRenderer = (ctx: { db: Db; dialect: Dialect }, id: number) => Promise<string>;

// Pages sit above widgets (.dependency-cruiser.cjs): the page renderer hands its template renderer
// down when its module loads (pages/template.server.tsx). Until then, template panels load in the browser.
let renderer: TemplateRenderer | null = null;

/** Called once by pages/template.server.tsx with the renderer of the template call. */
export function provideTemplateRenderer(render: TemplateRenderer): void {
  renderer = render;
}

// Template slugs change only when staff edit them; a few seconds per process, as the template call's copies.
const remembered = rememberFor<Map<string, number>>(5_000, 200);

/** The ids of the published templates among `refs` (by slug or id), in one query. */
function publishedTemplates(db: Db, refs: readonly TemplateRef[]): Promise<Map<string, number>> {
  const slugs = [...new Set(refs.filter((r): r is string => typeof r === 'string'))].sort();
  const ids = [...new Set(refs.filter((r): r is number => typeof r === 'number'))].sort((a, b) => a - b);
  return remembered(db, `toggle-templates:${slugs.join(',')}|${ids.join(',')}`, async () => {
    const rows = await db
      .selectFrom('post')
      .select(['id', 'slug'])
      .where('type', '=', 'template')
      .where('status', '=', 'publish')
      .where((eb) =>
        eb.or([
          ...(slugs.length > 0 ? [eb('slug', 'in', slugs)] : []),
          ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ]),
      )
      .execute();
    const found = new Map<string, number>();
    for (const row of rows) {
      found.set(row.slug, row.id);
      found.set(String(row.id), row.id);
    }
    return found;
  });
}

/** One panel as stored: rich text or a template. */
export interface PanelSource {
  html: string;
  template?: TemplateRef;
}

/**
 * What each panel shows. Rich text is sanitized as the text widget's. A template is rendered into the
 * page when `inline(i)` says so and the widget is on a page (a template's own tabs leave theirs to the
 * browser: a template that held itself would never end); otherwise the browser loads it over the
 * template call when the panel is first shown.
 */
export async function loadPanels(
  ctx: WidgetLoadContext,
  sources: readonly PanelSource[],
  inline: (index: number) => boolean,
): Promise<PanelContent[]> {
  const refs = sources.flatMap((s) => (s.template === undefined ? [] : [s.template]));
  const templates = refs.length > 0 ? await publishedTemplates(ctx.db, refs) : new Map<string, number>();
  const render = ctx.url !== null ? renderer : null;
  return Promise.all(
    sources.map(async (source, i): Promise<PanelContent> => {
      if (source.template === undefined) return { kind: 'html', html: sanitizeRichText(source.html) };
      const templateId = templates.get(String(source.template));
      if (templateId === undefined) return { kind: 'missing' };
      const html = render && inline(i) ? await render(ctx, templateId).catch(() => null) : null;
      return { kind: 'template', templateId, html };
    }),
  );
}
