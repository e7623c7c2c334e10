import { type RefObject, useRef, useState } from 'react';
import { useTakeOver } from './enhanced-details';

/**
 * The open state of a header dialog that takes over the server's `<details>` (useTakeOver), the ref of
 * its toggle button (the focus returns there when the dialog closes) and the props that button shares.
 */
export function useDetailsDialog(details: RefObject<HTMLDetailsElement | null>) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // A tap made while the dialog's code loaded opened the <details>: the dialog opens.
  useTakeOver(details, toggle, setOpen);
  return { open, setOpen, toggle, toggleProps: { ref: toggle, type: 'button' as const, 'aria-expanded': open } };
}
