import { expect, test } from 'vitest';
import { menuSettings, parseMenuSettings } from './settings';

test('an empty object is a whole menu: every setting has its default', () => {
  expect(menuSettings.parse({})).toEqual({
    desktop: {
      subEvent: 'hover',
      subTrigger: 'item',
      rollUp: true,
      megaWidthType: 'container',
      megaWidthSelector: '',
      megaAjaxLoad: true,
      breakpoint: 768,
    },
    mobile: {
      menuLayout: 'slide-out',
      menuPosition: 'right',
      togglePosition: 'default',
      toggleText: '',
      toggleLoader: true,
      loaderColor: '#3a3a3a',
      subTrigger: 'item',
      subOpenLayout: 'slide-in',
      itemIconVisible: true,
      itemBadgeVisible: true,
      itemDescVisible: false,
      useBreadcrumb: true,
      breadcrumbPath: 'full',
      closeAfterNavigate: true,
      headerTemplate: 0,
      beforeTemplate: 0,
      afterTemplate: 0,
    },
  });
});

test('stored settings are read back; a bad one names the menu and the setting', () => {
  const stored = JSON.stringify({
    desktop: { subEvent: 'click' },
    mobile: { menuLayout: 'push', menuPosition: 'left' },
  });
  const s = parseMenuSettings('utama', stored);
  expect(s.desktop.subEvent).toBe('click');
  expect(s.mobile).toMatchObject({ menuLayout: 'push', menuPosition: 'left', loaderColor: '#3a3a3a' });

  expect(() => parseMenuSettings('utama', '{"mobile":{"menuLayout":"sideways"}}')).toThrow(
    /^menu utama: settings\.mobile\.menuLayout: /,
  );
  expect(() => parseMenuSettings('utama', '{"mobile":{"loaderColor":"red"}}')).toThrow(
    'menu utama: settings.mobile.loaderColor: a colour is #rgb or #rrggbb',
  );
  expect(() => parseMenuSettings('utama', '{"desktop":{"hover":true}}')).toThrow(/^menu utama: settings\.desktop: /);
  expect(() => parseMenuSettings('utama', 'nope')).toThrow('menu utama: settings: not JSON');
});

test('a mega panel as wide as a chosen element needs the element', () => {
  expect(menuSettings.safeParse({ desktop: { megaWidthType: 'selector' } }).success).toBe(false);
  expect(
    menuSettings.parse({ desktop: { megaWidthType: 'selector', megaWidthSelector: '.site-header' } }).desktop,
  ).toMatchObject({ megaWidthType: 'selector', megaWidthSelector: '.site-header' });
  expect(menuSettings.safeParse({ desktop: { megaWidthType: 'selector', megaWidthSelector: 'a{}' } }).success).toBe(
    false,
  );
});
