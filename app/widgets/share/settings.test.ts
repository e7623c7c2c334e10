import { expect, test } from 'vitest';
import { DEFAULT_SHARE_NETWORKS } from './model';
import { shareSettings } from './settings';

test('defaults: WhatsApp first, copy link and print on, the page itself shared', () => {
  const s = shareSettings.parse({});
  expect(s).toEqual({ label: 'Bagikan', networks: [...DEFAULT_SHARE_NETWORKS], copyLink: true, print: true });
  expect(s.networks[0]).toBe('whatsapp');
});

test.each([
  [{ networks: [] }, 'no network at all'],
  [{ networks: ['myspace'] }, 'a network without a share address'],
  [{ networks: ['skype'] }, "a network of the spec's list whose address no longer exists"],
  [{ label: '' }, 'an empty label'],
  [{ label: 'x'.repeat(61) }, 'a label over 60 characters'],
  [{ url: 'javascript:alert(1)' }, 'an address breaking the link rule'],
] as Array<[unknown, string]>)('%j is refused (%s)', (settings) => {
  expect(shareSettings.safeParse(settings).success).toBe(false);
});

test('a chosen set keeps its order; another address may be shared', () => {
  const s = shareSettings.parse({ networks: ['email', 'whatsapp'], url: '/ppdb/' });
  expect(s.networks).toEqual(['email', 'whatsapp']);
  expect(s.url).toBe('/ppdb/');
});
