import type { RefObject } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
// Keeps react-dom in one chunk with react-dom/client (the entry's): without this edge Rollup splits react-dom
// into a chunk of its own for this lazy module, and every page downloads one more file (the JS budget).
import 'react-dom/client';
import { useRouteLoaderData } from 'react-router';
import type { HeaderSearchSettings } from '~/content/options';
import type { DetailsTakeover } from '~/ui/enhanced-details';
import { useDetailsDialog } from '~/ui/use-details-dialog';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

/**
 * The header's live search once its code is here (issue 12), loaded lazily by header-search.tsx:
 * - with `form`, the header's own field (1025 px and wider): it replaces the server's field, keeping
 *   what was typed while this code loaded, and floats its results under the field (420 px, right-aligned
 *   under it: the field itself is narrow);
 * - with `details`, the search popup (below 1025 px): it takes over the server's <details> (a tap made
 *   while this code loaded opens the popup), a modal dialog with the field and its results;
 * - with neither, the field inside the mobile menu, its results as wide as the menu's panel.
 */
export interface LiveSearchProps extends Partial<DetailsTakeover> {
  form?: RefObject<HTMLFormElement | null>;
}

export default function LiveSearch({ form, details }: LiveSearchProps) {
  // The stored settings travel in the layout's data (root.tsx); without it (an error page) the field's defaults.
  const stored = useRouteLoaderData<{ headerSearch?: HeaderSearchSettings }>('root')?.headerSearch;
  const shared: SharedSettings = { submitOnEnter: stored?.submitOnEnter, categories: stored?.categories };
  if (details) return <SearchPopup details={details} shared={shared} />;
  if (form) {
    return (
      <SearchCombobox
        {...shared}
        className="header-search__live"
        variant="dropdown"
        resultsWidth={stored ? (stored.resultsWidth ?? undefined) : 420}
        resultsPosition={stored?.resultsPosition ?? 'right'}
        takeOver={() => form.current?.querySelector('input')}
      />
    );
  }
  return (
    <search className="menu-search" aria-label="Pencarian">
      <SearchCombobox {...shared} />
    </search>
  );
}

/** What every variant takes from the stored settings. */
type SharedSettings = Pick<SearchComboboxProps, 'submitOnEnter' | 'categories'>;

/**
 * The search popup (spec §4 "Search popup": transition-in, active, transition-out over 300 ms through
 * React Aria's data-entering / data-exiting): the focus moves into its field and back to the toggle on
 * close; Escape closes it from the field at once (the results are part of the popup).
 */
function SearchPopup({ details, shared }: DetailsTakeover & { shared: SharedSettings }) {
  const { open, setOpen, toggleProps } = useDetailsDialog(details);

  return (
    <>
      <button {...toggleProps} className="search-popup__toggle" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="visually-hidden">Cari</span>
      </button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="search-popup__overlay">
        <Modal className="search-popup__modal">
          <Dialog aria-label="Pencarian" className="search-popup__dialog">
            <SearchCombobox {...shared} className="search-popup__search" focusOnShow onEscape={() => setOpen(false)} />
            <button type="button" className="search-popup__close" onClick={() => setOpen(false)}>
              <span className="visually-hidden">Tutup pencarian</span>
            </button>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
