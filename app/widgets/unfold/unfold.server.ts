import { sanitizeRichText } from '~/lib/html.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { UnfoldSettings } from './settings';
import type { UnfoldProps } from './unfold';

/** The unfold widget's text, sanitized, and its DOM id. */
export async function loadUnfold(s: UnfoldSettings, ctx: WidgetLoadContext): Promise<WidgetData<UnfoldProps>> {
  return { props: { ...s, html: sanitizeRichText(s.html), domId: `unfold-${ctx.elementId}` } };
}
