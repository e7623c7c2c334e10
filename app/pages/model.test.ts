import { expect, test } from 'vitest';
import { treeSchema } from '~/content/tree';
import { inlineJson, pageSettingsObject } from './model';

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
