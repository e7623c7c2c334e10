import { expect, test } from 'vitest';
import { isMenuIcon, menuIconSvg } from './icons.server';

test("a Lucide name becomes inline SVG: 20 px, the menu's class, hidden from assistive technology", () => {
  const svg = menuIconSvg('user-plus');
  expect(svg).toMatch(/^<svg class="menu-icon" data-icon="user-plus" aria-hidden="true" focusable="false" /);
  expect(svg).toContain(' width="20" height="20" viewBox="0 0 24 24"');
  expect(svg).toContain('stroke="currentColor"');
  expect(svg).toMatch(/<\/svg>$/);
  // One line, no licence comment, no Lucide class.
  expect(svg).not.toMatch(/\n|<!--|lucide/);
});

test('every icon the seed names is in the set; an alias (home → house) too', () => {
  for (const name of ['home', 'school', 'newspaper', 'images', 'star', 'calendar', 'user-plus', 'phone']) {
    expect(isMenuIcon(name), name).toBe(true);
  }
  expect(menuIconSvg('home')).toContain('data-icon="home"');
});

test('unknown names and names that are not plain words are no icon (never a file outside the set)', () => {
  for (const name of ['no-such-icon', '', 'Home', '../package', 'home.svg', 'a/b', `${'a'.repeat(101)}`]) {
    expect(menuIconSvg(name), name).toBeNull();
  }
});

test('the same name gives the same markup (kept per name)', () => {
  expect(menuIconSvg('star')).toBe(menuIconSvg('star'));
});
