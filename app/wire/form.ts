import { Invalid } from '~/lib/errors';

/**
 * PHP bracket notation (original-wire.md §1): `a[b][c]=v`, `a[]=v`, `a[0][k]=v` become nested
 * objects and arrays; `"true"`/`"false"` stay strings (schemas coerce them). Keys that could reach
 * an object prototype are dropped, and size limits keep a hostile body from costing much.
 */
export const FORM_LIMITS = { fields: 2000, depth: 8, keyLength: 200 } as const;

/** A body that is not a form this site reads: a 400 (`invalid_request`) like any other invalid input. */
export class FormError extends Invalid {}

type Node = { [key: string]: Node | string } | Node[] | string;

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** Splits `a[b][]` into ['a', 'b', '']; null when the key is malformed. */
export function splitKey(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const parts = [m[1] as string];
  for (const seg of (m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) parts.push(seg[1] as string);
  return parts;
}

/** Parses bracket-notation pairs into a nested plain object. */
export function parseBracketForm(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, Node> = Object.create(null);
  let count = 0;
  for (const [key, value] of pairs) {
    if (++count > FORM_LIMITS.fields) throw new FormError(`too many fields (at most ${FORM_LIMITS.fields})`);
    if (key.length > FORM_LIMITS.keyLength) throw new FormError('field name too long');
    const parts = splitKey(key);
    if (!parts) throw new FormError(`malformed field name: ${key.slice(0, 60)}`);
    if (parts.length > FORM_LIMITS.depth) throw new FormError('fields nested too deeply');
    if (parts.some((p) => FORBIDDEN.has(p))) continue;
    assign(root, parts, value);
  }
  return normalizeArrays(root) as Record<string, unknown>;
}

function assign(target: Record<string, Node>, parts: string[], value: string) {
  let node: Record<string, Node> = target;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    let part = parts[i] as string;
    if (part === '') part = String(nextIndex(node));
    if (last) {
      node[part] = value;
      return;
    }
    const child = node[part];
    if (typeof child !== 'object' || child === null) {
      const fresh: Record<string, Node> = Object.create(null);
      node[part] = fresh;
      node = fresh;
    } else {
      node = child as Record<string, Node>;
    }
  }
}

function nextIndex(node: Record<string, Node>): number {
  let max = -1;
  for (const k of Object.keys(node)) if (/^\d+$/.test(k)) max = Math.max(max, Number(k));
  return max + 1;
}

/** Objects whose keys are exactly 0..n-1 become arrays, as PHP lists serialise to JSON. */
function normalizeArrays(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const obj = node as Record<string, unknown>;
  const keys = Object.keys(obj);
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = normalizeArrays(obj[k]);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => out[k]);
  return out;
}

/** The inverse, for clients and tests: a nested value as bracket-notation pairs (empty lists dropped). */
export function toBracketPairs(value: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (typeof item === 'object' && item !== null) {
          pairs.push(...toBracketPairs(item as Record<string, unknown>, `${key}[${i}]`));
        } else pairs.push([`${key}[]`, String(item)]);
      });
    } else if (typeof v === 'object') {
      pairs.push(...toBracketPairs(v as Record<string, unknown>, key));
    } else pairs.push([key, String(v)]);
  }
  return pairs;
}
