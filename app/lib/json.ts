/** Stored JSON text as a value, or undefined when it is not JSON (a bad row is then refused by its schema). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
