import { describe, expect, it } from 'vitest';
import { redirectAfter, subscribeCallData } from './model';
import { subscribeFormSettings } from './settings';

describe('subscribeCallData', () => {
  it('names the list and flags it when the form has one, as the original client does', () => {
    expect(subscribeCallData('a@b.id', { listId: 'berita' }, { nama: 'Ani' })).toEqual({
      email: 'a@b.id',
      use_target_list_id: 'true',
      target_list_id: 'berita',
      data: { redirect: 'false' },
      additional: { nama: 'Ani' },
    });
  });

  it('sends an empty, unused list id without one, and the redirect in the widget data', () => {
    const data = subscribeCallData('a@b.id', { redirect: '/terima-kasih/' }, {});
    expect(data.use_target_list_id).toBe('false');
    expect(data.target_list_id).toBe('');
    expect(data.data).toEqual({ redirect: 'true', redirect_url: '/terima-kasih/' });
  });
});

describe('redirectAfter', () => {
  const config = { redirect: '/terima-kasih/' };

  it('goes to the configured page after a success', () => {
    expect(redirectAfter({ type: 'success', message: 'ok' }, config)).toBe('/terima-kasih/');
  });

  it('stays on the page after an error, so the message is read, and without a configured page', () => {
    expect(redirectAfter({ type: 'error', message: 'no' }, config)).toBeNull();
    expect(redirectAfter({ type: 'success', message: 'ok' }, {})).toBeNull();
  });
});

describe('the subscribe form widget settings', () => {
  it('fills the labels in and accepts a site path or an http(s) address to go to', () => {
    const s = subscribeFormSettings.parse({ redirect: '/terima-kasih/' });
    expect(s).toMatchObject({ placeholder: 'Alamat e-mail Anda', buttonLabel: 'Berlangganan', fields: [] });
    expect(subscribeFormSettings.safeParse({ redirect: 'https://example.org/' }).success).toBe(true);
  });

  it.each([
    ['a script address', { redirect: 'javascript:alert(1)' }],
    ['another site without a scheme', { redirect: '//evil.example/' }],
    ['a field name that is not a plain name', { fields: [{ name: 'a]b', label: 'X' }] }],
  ])('refuses %s', (_, settings) => {
    expect(subscribeFormSettings.safeParse(settings).success).toBe(false);
  });
});
