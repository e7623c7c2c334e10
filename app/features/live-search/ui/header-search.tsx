import { type ComponentProps, Suspense, useRef, useState } from 'react';
import { lazyModule } from '~/lib/lazy-module';
import { type DetailsTakeover, EnhancedDetails } from '~/ui/enhanced-details';

// The live search's code (React Aria's combobox and modal) loads when first used: the field's first
// focus or keystroke, a tap on the popup's toggle, or the mobile menu opening (the JS budget).
const liveSearch = lazyModule(() => import('./live-search'));
const LiveSearch = liveSearch.component((m) => m.default);
const LiveSearchPopup = liveSearch.component<DetailsTakeover>((m) => m.default);

/** The plain search: GET `/?s=`, the whole search without JavaScript. */
function PlainForm(props: ComponentProps<'form'>) {
  return (
    <form method="get" action="/" {...props}>
      <input type="search" name="s" aria-label="Cari" placeholder="Cari berita, kegiatan…" />
    </form>
  );
}

/**
 * The header's search (issue 12), as the server sends it and kept tiny (it is in every page's entry):
 * at 1025 px and wider a field whose enhanced version takes over on first use, keeping what was typed;
 * below, a magnifier (a <details>) that opens the search popup (the plain form without JavaScript).
 */
export function HeaderSearch() {
  const form = useRef<HTMLFormElement>(null);
  const [wanted, want] = useState(false);
  const load = () => want(true);
  return (
    <search className="header-search" aria-label="Pencarian">
      <PlainForm ref={form} onFocus={load} onInput={load} />
      {wanted ? (
        <Suspense>
          <LiveSearch form={form} />
        </Suspense>
      ) : null}
      <EnhancedDetails
        className="search-popup"
        summary={<span className="visually-hidden">Cari</span>}
        enhanced={LiveSearchPopup}
        preload={liveSearch.load}
        props={{}}
      >
        <PlainForm />
      </EnhancedDetails>
    </search>
  );
}

/** The live search inside the mobile menu's panel (the menu is client-only, so no server form here). */
export function MenuSearch() {
  return (
    <Suspense>
      <LiveSearch />
    </Suspense>
  );
}
