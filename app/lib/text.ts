/**
 * Control characters no visitor types: NUL (PostgreSQL refuses it in text) and the other C0 and DEL
 * characters, except tab, line feed and carriage return, which a textarea sends.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether visitor text holds a control character; such input is refused at the boundary (400). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * Where the first control character inside a parsed payload is (objects and arrays, keys too), as a
 * dotted path such as `rating_data.0.field_label`; null when there is none.
 */
export function controlCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path.join('.') || '(body)' : null;
  if (path.length > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, JSON.stringify(key)].join('.');
    const found = controlCharacterPath(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
