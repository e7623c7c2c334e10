import type { CSSProperties } from 'react';
import { UNFOLD_EASINGS, type UnfoldSettings } from './settings';

/** What the unfold loader sends: the settings with the sanitized text and the DOM id. */
export interface UnfoldProps extends UnfoldSettings {
  domId: string;
}

/**
 * Unfold (spec §4): text folded to the mask's height with a "Selengkapnya" button. The server's HTML is
 * already folded (nothing jumps when the script arrives); without JavaScript the button is a link to
 * the widget itself, whose `:target` style unfolds it (widget-reveal.css). The behaviour
 * (unfold.client.ts) measures the text, hides the button when the text fits, and animates.
 */
export function Unfold(props: UnfoldProps) {
  const { domId, html, maskHeight, fader, unfoldText, foldText } = props;
  const style = {
    '--unfold-mask-desktop': `${maskHeight.desktop}px`,
    '--unfold-mask-tablet': `${maskHeight.tablet}px`,
    '--unfold-mask-mobile': `${maskHeight.mobile}px`,
  } as CSSProperties;
  const timing = {
    unfoldDuration: props.unfoldDuration,
    unfoldEasing: UNFOLD_EASINGS[props.unfoldEasing],
    foldDuration: props.foldDuration,
    foldEasing: UNFOLD_EASINGS[props.foldEasing],
    autoHide: props.autoHide,
    autoHideTime: props.autoHideTime,
    hideOutsideClick: props.hideOutsideClick,
    foldScrolling: props.foldScrolling,
    unfoldText,
    foldText,
  };
  return (
    <div id={domId} className="unfold" data-behaviour="unfold" data-unfold={JSON.stringify(timing)} style={style}>
      <div className="unfold__mask" id={`${domId}-text`}>
        <div
          className="unfold__content rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by loadUnfold
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {fader ? <div className="unfold__fader" aria-hidden="true" /> : null}
      </div>
      <div className="unfold__footer">
        <a
          className="button button--secondary unfold__button"
          href={`#${domId}`}
          aria-controls={`${domId}-text`}
          aria-expanded="false"
          data-tap=""
        >
          {unfoldText}
        </a>
      </div>
    </div>
  );
}
