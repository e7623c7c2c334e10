import { expect, test } from 'vitest';
import { viewMoreSettings } from './settings';

const section = { html: '<p>1987</p>' };

test('the spec’s defaults: effect move-up, showall off', () =>
  expect(viewMoreSettings.parse({ sections: [section] })).toEqual({
    sections: [{ title: '', html: '<p>1987</p>' }],
    effect: 'move-up',
    showall: false,
    buttonText: 'Lihat selengkapnya',
  }));

test.each([
  ['no sections', { sections: [] }],
  ['21 sections', { sections: Array.from({ length: 21 }, () => section) }],
  ['an empty section', { sections: [{ html: '' }] }],
  ['an unknown effect', { sections: [section], effect: 'spin' }],
  ['an empty button', { sections: [section], buttonText: '' }],
])('refuses %s', (_, settings) => expect(viewMoreSettings.safeParse(settings).success).toBe(false));
