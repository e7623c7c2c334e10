import { describe, expect, test } from 'vitest';
import { canModerate } from '~/lib/permissions';
import { checkPassword, isValidEmail, LOGIN_PATTERN, PASSWORD_RULES, safeRedirect, unmetPasswordRules } from './model';

describe('the password rule (spec 000 §5)', () => {
  test('lists each rule with its Indonesian label, in order', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'Minimal 8 karakter',
      'Huruf kecil',
      'Huruf besar',
      'Angka',
      'Karakter khusus',
    ]);
  });

  test('a password with every kind of character and 8 of them passes', () => {
    expect(unmetPasswordRules('Abcdef1!')).toEqual([]);
    expect(checkPassword('Abcdef1!').every((r) => r.met)).toBe(true);
  });

  test.each([
    ['', ['Minimal 8 karakter', 'Huruf kecil', 'Huruf besar', 'Angka', 'Karakter khusus']],
    ['Abcde1!', ['Minimal 8 karakter']],
    ['ABCDEF1!', ['Huruf kecil']],
    ['abcdef1!', ['Huruf besar']],
    ['Abcdefg!', ['Angka']],
    ['Abcdefg1', ['Karakter khusus']],
    // A space is not a special character.
    ['Abcdef 1', ['Karakter khusus']],
    ['12345678', ['Huruf kecil', 'Huruf besar', 'Karakter khusus']],
  ])('%j misses %j', (password, unmet) => {
    expect(unmetPasswordRules(password)).toEqual(unmet);
  });

  test('letters beyond ASCII count, and length counts characters, not UTF-16 units', () => {
    expect(unmetPasswordRules('Ärger1€x')).toEqual([]);
    // Seven characters, one of them outside the BMP (two UTF-16 units): still too short.
    expect(unmetPasswordRules('Ab1!😀xy')).toEqual(['Minimal 8 karakter']);
  });

  test('checkPassword marks each rule met or not', () => {
    expect(checkPassword('abc').map((r) => [r.id, r.met])).toEqual([
      ['length', false],
      ['lower', true],
      ['upper', false],
      ['digit', false],
      ['special', false],
    ]);
  });
});

describe('safeRedirect', () => {
  test.each([
    ['/berita/', '/berita/'],
    ['/galeri/?jsf=a#top', '/galeri/?jsf=a#top'],
    ['//evil.test/', '/'],
    ['/\\evil.test', '/'],
    ['https://evil.test/', '/'],
    ['javascript:alert(1)', '/'],
    ['berita/', '/'],
    ['/a\nb', '/'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
  ])('%j → %j', (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});

describe('logins and e-mail addresses', () => {
  test.each([
    ['budi', true],
    ['budi.santoso_2-a', true],
    ['ab', false],
    ['a'.repeat(60), true],
    ['a'.repeat(61), false],
    ['budi santoso', false],
    ['budi@sekolah', false],
  ])('login %j valid: %s', (login, valid) => {
    expect(LOGIN_PATTERN.test(login)).toBe(valid);
  });

  test.each([
    ['budi@example.com', true],
    ['budi.s@sekolah.sch.id', true],
    ['budi@[192.168.0.1]', true],
    ['budi@example.c', false],
    ['budi@example', false],
    ['budi example@example.com', false],
    ['@example.com', false],
    [`${'a'.repeat(250)}@ex.com`, false],
  ])('e-mail %j valid: %s', (mail, valid) => {
    expect(isValidEmail(mail)).toBe(valid);
  });
});

test('only administrators and editors moderate', () => {
  expect(canModerate(null)).toBe(false);
  expect(canModerate({ roles: ['subscriber'] })).toBe(false);
  expect(canModerate({ roles: ['editor'] })).toBe(true);
  expect(canModerate({ roles: ['author', 'administrator'] })).toBe(true);
});
