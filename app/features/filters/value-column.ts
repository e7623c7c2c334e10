import type { TypedFastBitSet as Items } from 'typedfastbitset';

/**
 * Each post's values of one taxonomy or meta key, for counting: a number per post naming its value (most
 * posts have one), or a list for a post with several. Counting a few thousand items is then one look-up
 * each, however many values there are.
 *
 * The lists of posts with several values live in one flat array (`lists`: a length, then the codes), not in
 * a map of arrays: a count runs right after a page's rendering has pushed the index out of the CPU's caches,
 * and each map entry cost several cache misses (a tag on four in ten posts made the count 4x slower).
 */
export class ValueColumn<V> {
  /** By post id: 0 none, k > 0 the value numbered k, -(i + 1) several (their list starts at `lists[i]`). */
  private codes = new Int32Array(1024);
  private lists = new Int32Array(1024);
  /** Entries of `lists` in use, and of those the ones no post points at any more (made anew when half). */
  private listsUsed = 0;
  private listsUnused = 0;
  private readonly codeOf = new Map<V, number>();
  private readonly values: V[] = [];

  private codeFor(value: V): number {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      this.values.push(value);
      code = this.values.length;
      this.codeOf.set(value, code);
    }
    return code;
  }

  add(post: number, value: V) {
    const code = this.codeFor(value);
    if (post >= this.codes.length) {
      const grown = new Int32Array(Math.max(post + 1, this.codes.length * 2));
      grown.set(this.codes);
      this.codes = grown;
    }
    const known = this.codes[post] as number;
    if (known === 0) this.codes[post] = code;
    else if (known > 0 && known !== code) this.codes[post] = this.storeList([known, code]);
    else if (known < 0) {
      const own = this.listAt(-known - 1);
      if (own.includes(code)) return;
      this.listsUnused += own.length + 1;
      this.codes[post] = this.storeList([...own, code]);
      this.compactWhenHalfUnused();
    }
  }

  remove(post: number) {
    const known = post < this.codes.length ? (this.codes[post] as number) : 0;
    if (known < 0) {
      this.listsUnused += (this.lists[-known - 1] as number) + 1;
      this.compactWhenHalfUnused();
    }
    if (post < this.codes.length) this.codes[post] = 0;
  }

  /** Bytes held: the column and the lists. */
  bytes(): number {
    return this.codes.byteLength + this.lists.byteLength;
  }

  private listAt(start: number): number[] {
    return Array.from(this.lists.subarray(start + 1, start + 1 + (this.lists[start] as number)));
  }

  /** Appends a list; answers the post's code for it. */
  private storeList(own: readonly number[]): number {
    const start = this.listsUsed;
    if (start + own.length + 1 > this.lists.length) {
      const grown = new Int32Array(Math.max(start + own.length + 1, this.lists.length * 2));
      grown.set(this.lists.subarray(0, this.listsUsed));
      this.lists = grown;
    }
    this.lists[start] = own.length;
    this.lists.set(own, start + 1);
    this.listsUsed = start + own.length + 1;
    return -(start + 1);
  }

  /** Writes the lists posts still point at into a new array (posts' values change; their old lists stay). */
  private compactWhenHalfUnused() {
    if (this.listsUnused * 2 < this.listsUsed || this.listsUsed < 4096) return;
    const old = this.lists;
    this.lists = new Int32Array(Math.max(1024, (this.listsUsed - this.listsUnused) * 2));
    this.listsUsed = 0;
    this.listsUnused = 0;
    for (let post = 0; post < this.codes.length; post++) {
      const known = this.codes[post] as number;
      if (known >= 0) continue;
      const start = -known - 1;
      this.codes[post] = this.storeList(Array.from(old.subarray(start + 1, start + 1 + (old[start] as number))));
    }
  }

  /**
   * How many of the posts have each value; `above` maps a value to those it also counts for (a term's
   * ancestors, itself first), each once per post.
   */
  count(posts: Items, above?: ReadonlyMap<V, readonly V[]>): Map<V, number> {
    // With levels, each value's code with those of the values it counts for (a parent no post carries gets
    // one here); without, a value counts for itself alone (a meta key may have thousands of values).
    const chains: number[][] = [];
    if (above)
      for (let code = 1; code <= this.values.length; code++) {
        const value = this.values[code - 1] as V;
        chains[code] = (above.get(value) ?? [value]).map((v) => this.codeFor(v));
      }
    const tally = new Int32Array(this.values.length + 1);
    // With levels, a post with several values counts once for an ancestor they share: `counted[c]` is the
    // last post (plus one) counted for c.
    const counted = above ? new Int32Array(this.values.length + 1) : null;
    const { codes, lists } = this;
    // The posts' bits read word by word: no list of ids is made (a listing's whole set is 100,000 of them).
    const words = posts.words;
    const end = Math.min(words.length, Math.ceil(codes.length / 32));
    for (let w = 0; w < end; w++) {
      let bits = words[w] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const post = (w << 5) | (31 - Math.clz32(low));
        const code = post < codes.length ? (codes[post] as number) : 0;
        if (code > 0) {
          if (above) for (const c of chains[code] as number[]) tally[c] = (tally[c] as number) + 1;
          else tally[code] = (tally[code] as number) + 1;
        } else if (code < 0) {
          const start = -code - 1;
          const last = start + (lists[start] as number);
          for (let i = start + 1; i <= last; i++) {
            const own = lists[i] as number;
            if (!counted) tally[own] = (tally[own] as number) + 1;
            else
              for (const c of chains[own] as number[])
                if (counted[c] !== post + 1) {
                  counted[c] = post + 1;
                  tally[c] = (tally[c] as number) + 1;
                }
          }
        }
      }
    }
    const out = new Map<V, number>();
    tally.forEach((n, code) => {
      if (n > 0) out.set(this.values[code - 1] as V, n);
    });
    return out;
  }
}
