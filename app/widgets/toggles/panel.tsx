import { openLink, type PanelContent } from './model';

/**
 * A panel's content as the server sends it (server-rendered only). A template left for the browser
 * holds a link that asks the server for it (`?tab=<key>`), so it is reachable without script too;
 * the enhancer puts the template in its place when the panel is first shown.
 */
export function PanelBody({ panel, itemKey, label }: { panel: PanelContent; itemKey: string; label: string }) {
  if (panel.kind === 'missing') return null;
  if (panel.kind === 'html' || panel.html !== null) {
    const [html, className] =
      panel.kind === 'html' ? [panel.html, 'toggle-content rich-text'] : [panel.html ?? '', 'toggle-content'];
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized rich text, or the site's own template rendered by the server
    return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className="toggle-content" data-template-id={panel.templateId}>
      <p className="toggle-content__fallback">
        <a href={openLink(itemKey)}>Tampilkan {label}</a>
      </p>
    </div>
  );
}
