import { describe, expect, test } from 'vitest';
import { telHref } from './options-vocabulary';

describe('the site options’ words', () => {
  test('a phone number as a tel: address', () => {
    expect(telHref('(022) 555-0142')).toBe('tel:+62225550142');
    expect(telHref('+62 812-3456-7890')).toBe('tel:+6281234567890');
    expect(telHref('-')).toBeNull();
  });
});
