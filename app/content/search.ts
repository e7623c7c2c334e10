/** Words of a visitor's search text, lower-cased, without punctuation (at most 8, each ≤ 40 chars). */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => w.slice(0, 40));
}

/** An FTS5 MATCH expression: every word must appear, the last one as a prefix (typing). */
export function ftsMatchExpression(terms: string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}
