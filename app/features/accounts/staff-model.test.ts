import { expect, test } from 'vitest';
import { invitationState } from './invitation';
import { LOGIN_PATTERN } from './model';
import {
  deactivateRefusal,
  isPendingLogin,
  parseRole,
  parseUserQuery,
  pendingLogin,
  roleChangeRefusal,
  rolesText,
  userSearch,
  userStatus,
} from './staff-model';

test('status: deactivated wins, then an open invitation, else active', () => {
  expect(userStatus({ deactivated_at: null, invited_at: null })).toBe('active');
  expect(userStatus({ deactivated_at: null, invited_at: '2026-11-01T00:00:00.000Z' })).toBe('invited');
  expect(userStatus({ deactivated_at: '2026-11-02T00:00:00.000Z', invited_at: '2026-11-01T00:00:00.000Z' })).toBe(
    'inactive',
  );
});

test('an administrator keeps their own administrator role and cannot deactivate themselves', () => {
  expect(roleChangeRefusal(1, 1, 'editor')).toMatch(/administrator Anda sendiri/);
  expect(roleChangeRefusal(1, 1, 'administrator')).toBeNull();
  expect(roleChangeRefusal(1, 2, 'subscriber')).toBeNull();
  expect(deactivateRefusal(1, 1)).toMatch(/sendiri/);
  expect(deactivateRefusal(1, 2)).toBeNull();
});

test('an invitation is open until used or past its expiry', () => {
  const now = new Date('2026-11-26T00:00:00.000Z');
  expect(invitationState(undefined, now)).toBe('unknown');
  expect(invitationState({ used_at: null, expires_at: '2026-11-26T00:00:00.001Z' }, now)).toBe('open');
  expect(invitationState({ used_at: null, expires_at: '2026-11-26T00:00:00.000Z' }, now)).toBe('expired');
  expect(invitationState({ used_at: '2026-11-20T00:00:00.000Z', expires_at: '2026-12-01T00:00:00.000Z' }, now)).toBe(
    'used',
  );
});

test('an invitation’s placeholder login can never be a chosen login', () => {
  const login = pendingLogin('a1b2c3');
  expect(isPendingLogin(login)).toBe(true);
  expect(LOGIN_PATTERN.test(login)).toBe(false);
  expect(isPendingLogin('guru.budi')).toBe(false);
});

test('the list’s query: search lower-cased and trimmed, a bad page is the first; page 1 left out of the address', () => {
  expect(parseUserQuery(new URLSearchParams('q=%20Budi%20&halaman=3'))).toEqual({ q: 'budi', page: 3 });
  expect(parseUserQuery(new URLSearchParams('halaman=0'))).toEqual({ q: '', page: 1 });
  expect(parseUserQuery(new URLSearchParams('halaman=abc'))).toEqual({ q: '', page: 1 });
  expect(userSearch({ q: 'budi', page: 1 })).toBe('?q=budi');
  expect(userSearch({ q: '', page: 2 })).toBe('?halaman=2');
  expect(userSearch({ q: '', page: 1 })).toBe('');
});

test('roles are read from the known list only and shown in Indonesian', () => {
  expect(parseRole('author')).toBe('author');
  expect(parseRole('root')).toBeNull();
  expect(parseRole(undefined)).toBeNull();
  expect(rolesText(['editor', 'author'])).toBe('Editor, Penulis');
  expect(rolesText([])).toBe('—');
});
