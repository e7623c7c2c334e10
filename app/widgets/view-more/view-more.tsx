import type { ViewMoreSettings } from './settings';

/** What the view-more loader sends: the sections' HTML and the settings the behaviour reads. */
export interface ViewMoreProps extends Pick<ViewMoreSettings, 'effect' | 'showall' | 'buttonText'> {
  domId: string;
  sectionsHtml: string;
}

/**
 * View-more (spec §4): hidden sections and a button that reveals the next one (or all with showall).
 * Without JavaScript the button is a link to the widget itself, whose `:target` style shows every
 * section (widget-reveal.css); a hash link into a section or find in page reveals it too.
 */
export function ViewMore({ domId, sectionsHtml, effect, showall, buttonText }: ViewMoreProps) {
  return (
    <div
      id={domId}
      className="view-more"
      data-behaviour="view-more"
      data-effect={effect}
      data-showall={showall ? '' : undefined}
    >
      <div
        className="view-more__sections"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized and escaped by loadViewMore
        dangerouslySetInnerHTML={{ __html: sectionsHtml }}
      />
      <div className="view-more__footer">
        <a className="button button--secondary view-more__button" href={`#${domId}`} data-tap="">
          {buttonText}
        </a>
      </div>
    </div>
  );
}
