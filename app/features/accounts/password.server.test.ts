import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './password.server';

test('a hash verifies its own password and no other', async () => {
  const hash = await hashPassword('Rahasia#2025');
  expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  expect(hash).not.toContain('Rahasia');
  expect(await verifyPassword('Rahasia#2025', hash)).toBe(true);
  expect(await verifyPassword('rahasia#2025', hash)).toBe(false);
  expect(await verifyPassword('', hash)).toBe(false);
});

test('each hash has its own salt', async () => {
  const [a, b] = await Promise.all([hashPassword('Sama#1234'), hashPassword('Sama#1234')]);
  expect(a).not.toBe(b);
});

test('the cost parameters are read from the stored hash', async () => {
  const hash = await hashPassword('Rahasia#2025');
  const [, , , , salt] = hash.split('$');
  // The same salt at another cost gives another key: the stored N is what the check uses.
  const cheaper = hash.replace('$32768$', '$16384$');
  expect(await verifyPassword('Rahasia#2025', cheaper)).toBe(false);
  expect(salt).toBeTruthy();
});

test.each([
  ['!'],
  [''],
  ['scrypt$32768$8$1$c2FsdA'],
  ['scrypt$3$8$1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ['scrypt$1073741824$8$1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ['bcrypt$2b$10$abc'],
])('a stored value that is not one of our hashes (%j) never matches', async (stored) => {
  expect(await verifyPassword('Rahasia#2025', stored)).toBe(false);
});
