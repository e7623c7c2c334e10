/** STUB (issue 12, being built): the header's hamburger panel, its template over call 16. */
export function HamburgerPanel(_props: { templateId: number }) {
  return null;
}
