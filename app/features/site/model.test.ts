import { expect, test } from 'vitest';
import { anchorScrollTop, easeInOut, inlineJson, pageSettingsObject } from './model';
import { treeSchema } from './tree';

test('a tree parses, and widget elements must name their widget', () => {
  const ok = treeSchema.safeParse([
    {
      id: 's1',
      type: 'section',
      children: [
        {
          id: 'c1',
          type: 'column',
          children: [{ id: 'w1', type: 'widget', widget: 'heading', settings: { title: 'Hai' } }],
        },
      ],
    },
  ]);
  expect(ok.success).toBe(true);
  expect(treeSchema.safeParse([{ id: 'w1', type: 'widget' }]).success).toBe(false);
  expect(treeSchema.safeParse([{ id: 's1', type: 'section', widget: 'heading' }]).success).toBe(false);
});

test('inline JSON cannot close its script tag', () => {
  const text = inlineJson({ a: '</script><script>alert(1)</script>' });
  expect(text).not.toContain('</script>');
  expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>' });
});

test('the settings object carries no nonce and leaves isMobile to the browser', () => {
  const s = pageSettingsObject({ version: '1', devMode: false, language: 'id', menuId: 3 });
  expect(s.restNonce).toBe('');
  expect(s.isMobile).toBe(false);
  expect(s.ajaxurl).toBe('/wp-admin/admin-ajax.php');
  expect(s.wpmlLanguageCode).toBe('id');
});

test('anchor scroll lands below the sticky header', () => {
  expect(anchorScrollTop(900, 100, 80)).toBe(920);
  expect(anchorScrollTop(-500, 100, 80)).toBe(0);
});

test('easing starts, ends and stays between', () => {
  expect(easeInOut(0, 100, 0)).toBe(0);
  expect(easeInOut(0, 100, 1)).toBe(100);
  expect(easeInOut(0, 100, 0.5)).toBe(50);
  for (let t = 0; t <= 1; t += 0.05) {
    const y = easeInOut(200, 1000, t);
    expect(y).toBeGreaterThanOrEqual(200);
    expect(y).toBeLessThanOrEqual(1000);
  }
});
