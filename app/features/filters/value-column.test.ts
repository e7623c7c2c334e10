import { TypedFastBitSet as Items } from 'typedfastbitset';
import { describe, expect, it } from 'vitest';
import { ValueColumn } from './value-column';

/** What the column must answer, counted the plain way from each post's values. */
function countPlainly(
  held: Map<number, Set<string>>,
  posts: Items,
  above?: ReadonlyMap<string, readonly string[]>,
): Map<string, number> {
  const out = new Map<string, number>();
  posts.forEach((post) => {
    const counted = new Set<string>();
    for (const value of held.get(post) ?? []) for (const v of above?.get(value) ?? [value]) counted.add(v);
    for (const v of counted) out.set(v, (out.get(v) ?? 0) + 1);
  });
  return out;
}

/** A small deterministic random source, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

describe('ValueColumn', () => {
  const values = ['kelas-7', 'kelas-8', 'kelas-9', 'olahraga', 'seni'];
  // "kelas-7..9" sit under "smp", which no post carries itself.
  const above = new Map<string, readonly string[]>([
    ['kelas-7', ['kelas-7', 'smp']],
    ['kelas-8', ['kelas-8', 'smp']],
    ['kelas-9', ['kelas-9', 'smp']],
  ]);

  it('counts posts with one value and with several, a shared parent once per post', () => {
    const column = new ValueColumn<string>();
    column.add(1, 'kelas-7');
    column.add(2, 'kelas-7');
    column.add(2, 'kelas-8');
    column.add(2, 'kelas-8'); // the same value again is no second value
    column.add(3, 'seni');
    const posts = new Items([1, 2, 3, 40]);
    expect(column.count(posts)).toEqual(
      new Map([
        ['kelas-7', 2],
        ['kelas-8', 1],
        ['seni', 1],
      ]),
    );
    expect(column.count(posts, above)).toEqual(
      new Map([
        ['kelas-7', 2],
        ['kelas-8', 1],
        ['seni', 1],
        ['smp', 2],
      ]),
    );
    expect(column.count(new Items([3]))).toEqual(new Map([['seni', 1]]));
  });

  it('answers as a plain count after thousands of random additions and removals (its lists made anew)', () => {
    const column = new ValueColumn<string>();
    const held = new Map<number, Set<string>>();
    const next = random(7);
    for (let step = 0; step < 40_000; step++) {
      const post = next(3_000);
      if (next(5) === 0) {
        column.remove(post);
        held.delete(post);
      } else {
        const value = values[next(values.length)] as string;
        column.add(post, value);
        held.set(post, (held.get(post) ?? new Set()).add(value));
      }
    }
    const some = new Items();
    for (let post = 0; post < 3_200; post += 1 + next(3)) some.add(post);
    expect(column.count(some)).toEqual(countPlainly(held, some));
    expect(column.count(some, above)).toEqual(countPlainly(held, some, above));
    // The lists posts no longer point at were dropped: kept, they hold about 280 kB here; made anew, the
    // column (16 kB) and the lists in use (about 9 kB).
    expect(column.bytes()).toBeLessThan(100_000);
  });
});
