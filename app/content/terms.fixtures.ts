import { termTreeOf } from './terms';

/**
 * The activity fields (`bidang`): olahraga (1) → futsal (2), basket (3); seni (4) → tari (5) → saman (6);
 * catur (7). Given out of name order: the tree sorts children by name.
 */
export const BIDANG_TREE = termTreeOf('bidang', [
  { id: 1, name: 'Olahraga', slug: 'olahraga', parentId: null },
  { id: 3, name: 'Basket', slug: 'basket', parentId: 1 },
  { id: 2, name: 'Futsal', slug: 'futsal', parentId: 1 },
  { id: 4, name: 'Seni', slug: 'seni', parentId: null },
  { id: 5, name: 'Tari', slug: 'tari', parentId: 4 },
  { id: 6, name: 'Saman', slug: 'saman', parentId: 5 },
  { id: 7, name: 'Catur', slug: 'catur', parentId: null },
]);
