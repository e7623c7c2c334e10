import { COPIED_STATUS_MS, type ShareNetwork, shareHref } from './model';

/**
 * The share buttons' browser half (share-buttons.tsx): "Salin tautan" copies the shared address and
 * says so, visibly and to screen readers (the status line); where the clipboard refuses, the address
 * shows in a field, selected, to copy by hand. "Cetak" opens the print dialog. Buttons placed in a
 * template share the page they are shown on.
 */
export function enhance(root: HTMLElement): () => void {
  if (root.dataset.followPage !== undefined) followPage(root);
  const status = root.querySelector<HTMLElement>('.share-buttons__status');
  const manual = root.querySelector<HTMLElement>('.share-buttons__manual');
  let clear: ReturnType<typeof setTimeout> | undefined;

  const say = (text: string) => {
    if (!status) return;
    clearTimeout(clear);
    status.textContent = text;
    // Cleared after a while, so that copying again is announced again.
    clear = setTimeout(() => {
      status.textContent = '';
    }, COPIED_STATUS_MS);
  };

  const copy = async () => {
    const url = root.dataset.shareUrl ?? window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      if (manual) manual.hidden = true;
      say('Tautan disalin');
    } catch {
      // No clipboard (an insecure page, a refused permission): the address to copy by hand.
      if (manual) {
        manual.hidden = false;
        const field = manual.querySelector('input');
        if (field) {
          field.value = url;
          field.focus();
          field.select();
        }
      }
      say('Tautan tidak dapat disalin otomatis: salin dari kolom di bawah.');
    }
  };

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest('button');
    if (!button || !root.contains(button)) return;
    if (button.hasAttribute('data-share-copy')) void copy();
    else if (button.hasAttribute('data-share-print')) window.print();
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    clearTimeout(clear);
  };
}

/** Points the links at the page the buttons are shown on: its canonical address and its title. */
function followPage(root: HTMLElement): void {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  const url = canonical || `${window.location.origin}${window.location.pathname}`;
  const title = document.title;
  root.dataset.shareUrl = url;
  root.dataset.shareTitle = title;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-network]')) {
    link.href = shareHref(link.dataset.network as ShareNetwork, url, title);
  }
  const field = root.querySelector<HTMLInputElement>('.share-buttons__manual input');
  if (field) field.value = url;
}
