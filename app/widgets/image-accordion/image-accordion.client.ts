import { listen } from '~/ui/listen';
import { itemShares } from './model';

/**
 * The image accordion's behaviour (spec §4 "Image accordion"): pointing at, focusing or tapping an item
 * makes it active; leaving the accordion (the pointer, the focus, or a tap elsewhere) restores the
 * default item. The widths are the CSS's (`--ia-share`, animated there and still under reduced motion).
 */
export function enhance(root: HTMLElement): () => void {
  const items = [...root.querySelectorAll<HTMLElement>('.image-accordion__item')];
  const list = root.querySelector<HTMLElement>('.image-accordion__list');
  const fallback = Number(root.dataset.activeItem ?? -1);
  const activeSize = Number(root.dataset.activeSize ?? 50);
  let current = fallback;

  const show = (index: number) => {
    if (index === current) return;
    current = index;
    const shares = itemShares(items.length, index, activeSize);
    items.forEach((item, i) => {
      item.style.setProperty('--ia-share', String(shares[i]));
      item.toggleAttribute('data-active', i === index);
    });
  };
  const indexOf = (target: EventTarget | null) => {
    const item = target instanceof Element ? target.closest('.image-accordion__item') : null;
    return item ? items.indexOf(item as HTMLElement) : -1;
  };

  // A mouse points; a finger's pointerover comes with its tap, which `onClick` handles.
  const onPointerOver = (e: PointerEvent) => {
    const i = indexOf(e.target);
    if (e.pointerType === 'mouse' && i >= 0) show(i);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && !root.contains(document.activeElement)) show(fallback);
  };
  const onFocusIn = (e: FocusEvent) => {
    const i = indexOf(e.target);
    if (i >= 0) show(i);
  };
  const onFocusOut = (e: FocusEvent) => {
    if (!root.contains(e.relatedTarget as Node | null)) show(fallback);
  };
  // A tap on an item that is not active opens it first; its link works on the next tap.
  const onClick = (e: MouseEvent) => {
    const i = indexOf(e.target);
    if (i < 0 || i === current) return;
    if ((e.target as Element).closest('a')) e.preventDefault();
    show(i);
  };
  const onOutside = (e: PointerEvent) => {
    if (!root.contains(e.target as Node)) show(fallback);
  };

  const stops = [
    list
      ? listen(list, [
          ['pointerover', onPointerOver],
          ['pointerleave', onPointerLeave],
        ])
      : () => {},
    listen(root, [
      ['focusin', onFocusIn],
      ['focusout', onFocusOut],
      ['click', onClick],
    ]),
    listen(document, [['pointerdown', onOutside]]),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
