/** Taxonomy trees (categories, activity kinds …): pure helpers over one taxonomy's terms. */

export interface TermNode {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
}

/** The terms of one taxonomy with their parent links; children sorted by name. */
export interface TermTree {
  taxonomy: string;
  terms: Map<number, TermNode>;
  /** Children of a term id, or of `null` for the top level. */
  children: Map<number | null, TermNode[]>;
}

/** A taxonomy's tree from its terms: children by parent, sorted by name. */
export function termTreeOf(taxonomy: string, nodes: readonly TermNode[]): TermTree {
  const terms = new Map(nodes.map((t) => [t.id, t]));
  const children = new Map<number | null, TermNode[]>();
  for (const t of terms.values()) {
    // A parent outside the taxonomy (never expected) makes the term a top-level one.
    const parent = t.parentId !== null && terms.has(t.parentId) ? t.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(t);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'id') || a.id - b.id);
  return { taxonomy, terms, children };
}

/** The term and every term below it. */
export function withDescendants(tree: TermTree, id: number): number[] {
  const out: number[] = [];
  const visit = (t: number) => {
    if (out.includes(t)) return;
    out.push(t);
    for (const c of tree.children.get(t) ?? []) visit(c.id);
  };
  visit(id);
  return out;
}

/** Whether some term of the tree sits below another (a tree with levels, not a flat list). */
export function hasLevels(tree: TermTree): boolean {
  return [...tree.terms.values()].some((t) => t.parentId !== null && tree.terms.has(t.parentId));
}

/** The chain from the top level down to the term (the term last). */
export function chainTo(tree: TermTree, id: number): number[] {
  const chain: number[] = [];
  for (
    let t = tree.terms.get(id);
    t && !chain.includes(t.id);
    t = t.parentId ? tree.terms.get(t.parentId) : undefined
  ) {
    chain.unshift(t.id);
  }
  return chain;
}

/** Terms in display order (each followed by its children), with their depth below `rootId`'s level. */
export function termsInOrder(tree: TermTree, rootId: number | null): Array<TermNode & { depth: number }> {
  const out: Array<TermNode & { depth: number }> = [];
  const visit = (parent: number | null, depth: number) => {
    for (const t of tree.children.get(parent) ?? []) {
      out.push({ ...t, depth });
      if (depth < 20) visit(t.id, depth + 1);
    }
  };
  visit(rootId, 0);
  return out;
}
