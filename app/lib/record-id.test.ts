import { expect, test } from 'vitest';
import { recordId } from './record-id';

test.each([
  ['12', 12],
  ['2147483647', 2147483647],
  ['2147483648', null],
  ['99999999999', null],
  ['0', null],
  ['012', null],
  ['-1', null],
  ['abc', null],
  ['1e3', null],
  ['', null],
  [undefined, null],
  [null, null],
])('the id %j → %j', (raw, id) => expect(recordId(raw)).toBe(id));
