import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { TYPE_AND_QUERY } from './fields.fixtures';
import type { SettingField } from './model';
import { fieldId, SettingsFields, SettingsProblems } from './staff-settings-fields';

/**
 * Server renders of generated fields: the HTML a form without JavaScript gets, and what hydration
 * expects. Once live, conditions hide fields (model.test.ts has the rules; the staff filter e2e spec
 * the browser).
 */

const onRange = { field: 'type', in: ['range'] } as const;
const fields: SettingField[] = [
  {
    name: '@1',
    label: 'Menurut jenis',
    required: false,
    hint: '',
    kind: 'group',
    toggle: false,
    flat: true,
    legendBy: { field: 'type', legends: { range: 'Pengaturan rentang' } },
    hintWithoutScript: 'Isi hanya yang sesuai jenisnya.',
    fields: [
      ...TYPE_AND_QUERY,
      {
        name: 'key',
        label: 'Kunci',
        required: true,
        minLength: 1,
        hint: 'Satu per baris: `nilai | label`.',
        kind: 'text',
        multiline: false,
        verbatim: true,
        suggestions: [
          { value: 'kategori', label: 'kategori', when: { not: { field: 'query', in: ['meta'] } } },
          { value: 'biaya', label: 'biaya', when: { field: 'query', in: ['meta'] } },
        ],
      },
      {
        name: 'min',
        label: 'Terkecil',
        required: true,
        hint: '',
        kind: 'number',
        integer: true,
        min: 0,
        when: onRange,
      },
      {
        name: 'title',
        label: 'Judul',
        required: true,
        minLength: 1,
        hint: '',
        kind: 'text',
        multiline: false,
        when: onRange,
      },
    ],
  },
];

const render = (values: Record<string, string>, errors: Record<string, string> = {}) =>
  renderToString(<SettingsFields fields={fields} values={values} errors={errors} idPrefix="filter-" />);

test('before the form is live every field and every choice shows, none of those that may not apply required', () => {
  const html = render({ type: 'list', query: 'meta', key: 'biaya', min: '' });
  expect(html).not.toContain('hidden');
  expect(html).toContain('<legend>Menurut jenis</legend>');
  expect(html).toContain('Isi hanya yang sesuai jenisnya.');
  expect(html).toContain('<option value="tax">Taksonomi</option>');
  expect(html).toMatch(/<input id="filter-min"[^>]*type="number"[^>]*min="0"/);
  expect(html).toMatch(/<input id="filter-key"[^>]*required=""/);
  expect(html).not.toMatch(/<input id="filter-title"[^>]*required/);
});

test('ids take the form’s prefix; hints show code; a text field suggests what its values call for', () => {
  const html = render({ type: 'list', query: 'meta', key: '' }, { key: 'Isi kunci.' });
  expect(fieldId('s.items.0', 'f-')).toBe('f-s-items-0');
  expect(html).toContain('id="filter-key" aria-invalid="true" aria-describedby="filter-key-hint filter-key-error"');
  expect(html).toContain('Satu per baris: <code>nilai | label</code>.');
  expect(html).toContain('list="filter-key-saran" autoCapitalize="none" spellCheck="false"');
  expect(html).toContain('<datalist id="filter-key-saran"><option value="biaya"></option></datalist>');
  expect(render({ type: 'list', query: 'tax' })).toContain(
    '<datalist id="filter-key-saran"><option value="kategori"></option></datalist>',
  );
});

test('the problems of a refused save link to their fields, by label or by message alone', () => {
  const errors = { key: 'Isi kunci.', form: 'Muat ulang.' };
  const named = renderToString(
    <SettingsProblems intro="Belum disimpan:" fields={fields} values={{}} errors={errors} idPrefix="filter-" />,
  );
  expect(named).toContain('role="alert"');
  expect(named).toContain('<a href="#filter-key">Kunci: Isi kunci.</a>');
  expect(named).toContain('<li>Muat ulang.</li>');
  const plain = renderToString(
    <SettingsProblems intro="Belum disimpan:" fields={fields} values={{}} errors={errors} named={false} />,
  );
  expect(plain).toContain('<a href="#f-key">Isi kunci.</a>');
  expect(renderToString(<SettingsProblems intro="x" fields={fields} values={{}} errors={{}} />)).toBe('');
});
