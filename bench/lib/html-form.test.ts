import { describe, expect, test } from 'vitest';
import { attributesOf, decodeEntities, readForm } from './html-form';

describe('decodeEntities', () => {
  test.each([
    ['&lt;p&gt;Isi &quot;kutip&quot;&lt;/p&gt;', '<p>Isi "kutip"</p>'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['&#39;a&#x27; &#8211;', "'a' –"],
    ['&unknown; stays', '&unknown; stays'],
  ])('%s → %s', (html, text) => expect(decodeEntities(html)).toBe(text));
});

test('attributesOf reads quoted, unquoted and bare attributes', () => {
  expect(attributesOf('<input type=checkbox name="kategori-1" checked="" value=\'a &amp; b\' disabled/>')).toEqual({
    type: 'checkbox',
    name: 'kategori-1',
    checked: '',
    value: 'a & b',
    disabled: '',
  });
});

// The shape of the staff news editor's server render (app/staff/news/ui/post-editor.tsx).
const PAGE = `
<form action="/keluar/" method="post"><button type="submit">Keluar</button></form>
<form class="post-editor__form" action="/admin/berita/40" method="post">
  <input type="hidden" name="_token" value="abc123"/><input type="hidden" name="modified_at" value="2026-11-16T07:00:00.000Z"/>
  <input id="isian-title" required="" name="title" value="Cerpen &quot;Sepatu&quot;"/>
  <textarea id="isian-excerpt" name="excerpt" rows="3">
Ringkasan</textarea>
  <textarea name="content" rows="14">&lt;p&gt;Isi&lt;/p&gt;</textarea>
  <input type="checkbox" id="kategori-4" name="kategori-4"/>
  <input type="checkbox" id="kategori-1" name="kategori-1" checked=""/>
  <input type="radio" name="featured_media_id" value=""/>
  <input type="radio" name="featured_media_id" checked="" value="68"/>
  <input name="disabled_field" value="x" disabled=""/>
  <select name="rating_0"><option value="1">1<!-- --> dari 5</option><option value="5" selected="">5</option></select>
  <select name="kelas"><option>VII</option><option>VIII</option></select>
  <button type="submit" name="intent" value="save">Simpan</button>
</form>`;

test('readForm lists what a browser would post, in order, without buttons or disabled controls', () => {
  const form = readForm(PAGE, 'name="_token"');
  expect(form.action).toBe('/admin/berita/40');
  expect(form.fields).toEqual([
    ['_token', 'abc123'],
    ['modified_at', '2026-11-16T07:00:00.000Z'],
    ['title', 'Cerpen "Sepatu"'],
    ['excerpt', 'Ringkasan'],
    ['content', '<p>Isi</p>'],
    ['kategori-1', 'on'],
    ['featured_media_id', '68'],
    ['rating_0', '5'],
    ['kelas', 'VII'],
  ]);
});

test('readForm names the marker it did not find', () => {
  expect(() => readForm(PAGE, 'name="nothing"')).toThrow(/no form containing name="nothing"/);
});
