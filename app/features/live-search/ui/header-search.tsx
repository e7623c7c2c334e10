/**
 * STUB (issue 12, being built): the header's live search. `HeaderSearch` is the desktop header's field
 * and the search popup's toggle; `MenuSearch` the field inside the mobile menu. Both are plain GET
 * forms to `/?s=` without JavaScript.
 */
export function HeaderSearch() {
  return (
    <search className="header-search">
      <form method="get" action="/">
        <input type="search" name="s" aria-label="Cari" placeholder="Cari…" />
      </form>
    </search>
  );
}

export function MenuSearch() {
  return null;
}
