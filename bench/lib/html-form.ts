/**
 * A form's fields as a browser would post them, read from server-rendered HTML (no DOM): what the cluster
 * bench's editor sends when it saves the news post it has open (bench/lib/mixed-load.ts).
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with HTML's character references decoded (the named ones React writes, and every numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The attributes of one start tag, values decoded; a bare attribute (`checked`) has the value ''. */
export function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = tag.replace(/^<[a-z0-9-]+/i, '').replace(/\/?>$/, '');
  for (const m of inner.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = (m[1] as string).toLowerCase();
    out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

export interface HtmlForm {
  /** The form's action attribute, as written. */
  action: string;
  /** Its successful controls in document order, as `application/x-www-form-urlencoded` would list them (no buttons). */
  fields: Array<[string, string]>;
}

/**
 * The first `<form>` whose HTML contains `marker`, with the fields a browser submits: text-like inputs
 * (hidden, text, date…) with their value, checked checkboxes (value or "on") and radios, textareas (the
 * first newline dropped, as HTML parsing does) and selects (the selected option, else the first).
 * Disabled controls and buttons are left out; the caller adds the button it "clicks".
 */
export function readForm(html: string, marker: string): HtmlForm {
  for (const m of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)) {
    if (!m[0].includes(marker)) continue;
    const action = attributesOf(/^<form\b[^>]*>/i.exec(m[0])?.[0] ?? '').action ?? '';
    return { action, fields: fieldsOf(m[1] as string) };
  }
  throw new Error(`no form containing ${marker}`);
}

const CONTROL =
  /<(input)\b[^>]*>|<(textarea)\b([^>]*)>([\s\S]*?)<\/textarea>|<(select)\b([^>]*)>([\s\S]*?)<\/select>/gi;

function fieldsOf(body: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const m of body.matchAll(CONTROL)) {
    if (m[1]) {
      const a = attributesOf(m[0]);
      const type = (a.type ?? 'text').toLowerCase();
      if (!a.name || 'disabled' in a || ['submit', 'button', 'reset', 'image', 'file'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !('checked' in a)) continue;
      fields.push([a.name, a.value ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
    } else if (m[2]) {
      const a = attributesOf(`<textarea${m[3]}>`);
      if (!a.name || 'disabled' in a) continue;
      fields.push([a.name, decodeEntities((m[4] as string).replace(/^\r?\n/, ''))]);
    } else if (m[5]) {
      const a = attributesOf(`<select${m[6]}>`);
      if (!a.name || 'disabled' in a) continue;
      const options = [...(m[7] as string).matchAll(/<option\b([^>]*)>([\s\S]*?)(?=<option\b|<\/select>|$)/gi)].map(
        (o) => {
          const oa = attributesOf(`<option${o[1]}>`);
          const label = decodeEntities((o[2] as string).replace(/<[^>]*>/g, '')).trim();
          return { value: oa.value ?? label, selected: 'selected' in oa };
        },
      );
      const chosen = options.find((o) => o.selected) ?? options[0];
      if (chosen) fields.push([a.name, chosen.value]);
    }
  }
  return fields;
}
