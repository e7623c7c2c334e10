import type { ReactNode } from 'react';
import { Dialog, type DialogProps } from 'react-aria-components';
import { TemplateHtml } from './template-html';

/**
 * A modal's dialog that shows a stored template (the hamburger panel, a popup): the bar with its close
 * button, then the template, all classed after `block` as the original's. Without `closeLabel` the bar
 * stays empty (a popup's close button that shows after a delay).
 */
export function TemplateDialog({
  block,
  closeLabel,
  onClose,
  templateUrl,
  templateId,
  children,
  ...dialog
}: Omit<DialogProps, 'children'> & {
  block: string;
  closeLabel: string | null;
  onClose: () => void;
  templateUrl: string;
  templateId: number;
  /** Rendered first, before the bar. */
  children?: ReactNode;
}) {
  return (
    <Dialog {...dialog} className={`${block}__dialog`}>
      {children}
      <div className={`${block}__bar`}>
        {closeLabel ? (
          <button type="button" className={`${block}__close`} aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      <TemplateHtml
        url={templateUrl}
        id={templateId}
        className={`${block}__content`}
        statusClassName={`${block}__status`}
      />
    </Dialog>
  );
}
