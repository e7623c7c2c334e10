/** Words of a visitor's search text, lower-cased, without punctuation (at most 8, each ≤ 40 chars). */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => w.slice(0, 40));
}

/**
 * The shortest last word matched as a prefix (the visitor is still typing it). A one-letter prefix
 * matches most of the index and costs a scan of it, so a single letter is matched as a whole word.
 */
export const MIN_PREFIX_LENGTH = 2;

/** Whether the term at `index` is matched as the start of a word rather than a whole word. */
export function isPrefixTerm(terms: readonly string[], index: number): boolean {
  return index === terms.length - 1 && (terms[index]?.length ?? 0) >= MIN_PREFIX_LENGTH;
}

/** How the words must match: each on its own, or as one phrase. */
export interface MatchOptions {
  /** The words next to each other, in order (WordPress's `sentence` search). */
  phrase?: boolean;
}

/** A word of a match and whether it is matched as the start of a word. */
export interface QueryTerm {
  word: string;
  prefix: boolean;
}

/**
 * The words a match needs. Outside a phrase a repeated word counts once, and the prefix is left out
 * when another word already starts with it (`semester sem`): it adds nothing, and PostgreSQL's planner,
 * counting it as a second condition, would expect far fewer matches than there are.
 */
export function queryTerms(terms: readonly string[], options: MatchOptions = {}): QueryTerm[] {
  const all = terms.map((word, i) => ({ word, prefix: isPrefixTerm(terms, i) }));
  if (options.phrase) return all;
  const out: QueryTerm[] = [];
  for (const t of all) {
    const implied = t.prefix
      ? all.some((o) => !o.prefix && o.word.startsWith(t.word))
      : out.some((o) => o.word === t.word);
    if (!implied) out.push(t);
  }
  return out;
}

/** An FTS5 MATCH expression: every word must appear, the last one as a prefix (typing). */
export function ftsMatchExpression(terms: readonly string[], options: MatchOptions = {}): string {
  const words = queryTerms(terms, options);
  if (options.phrase) return `"${terms.join(' ')}"${words.at(-1)?.prefix ? '*' : ''}`;
  return words.map((t) => `"${t.word}"${t.prefix ? '*' : ''}`).join(' ');
}

/** A PostgreSQL `to_tsquery('simple', …)` text with the same meaning as `ftsMatchExpression`. */
export function tsQueryExpression(terms: readonly string[], options: MatchOptions = {}): string {
  return queryTerms(terms, options)
    .map((t) => (t.prefix ? `${t.word}:*` : t.word))
    .join(options.phrase ? ' <-> ' : ' & ');
}
