/** No errors, the same object on every render: a form moves the focus only when its errors change. */
export const NO_ERRORS: Record<string, string> = {};

/**
 * The values and errors a form shows: after a refused post, what was sent and why (the action's
 * answer); else what its loader read, with no errors.
 */
export function shownForm<L, R>(
  loaded: { values: L },
  refused: { values: R; errors: Record<string, string> } | undefined,
): { values: L | R; errors: Record<string, string> } {
  return { values: refused?.values ?? loaded.values, errors: refused?.errors ?? NO_ERRORS };
}
