import { describe, expect, test } from 'vitest';
import { choiceField, TYPE_AND_QUERY } from './fields.fixtures';
import {
  type Condition,
  changeValue,
  conditionFields,
  holds,
  isShown,
  keyOf,
  liveFields,
  type SettingField,
} from './model';

// A form shaped as the filter form's: a type, a query type offered by type, fields by type and source.
const byType = (...types: string[]): Condition => ({ field: 'type', in: types });
const fields: SettingField[] = [
  ...TYPE_AND_QUERY,
  {
    name: '@1',
    label: 'Options',
    required: false,
    hint: '',
    kind: 'group',
    toggle: false,
    flat: true,
    fields: [
      choiceField(
        'source',
        'Source',
        [
          { value: 'stored', label: 'Stored' },
          { value: 'manual', label: 'Manual' },
        ],
        { required: false, when: { all: [byType('list'), { field: 'query', in: ['meta'] }] } },
      ),
      {
        name: 'options',
        label: 'Options',
        required: false,
        hint: '',
        kind: 'text',
        multiline: true,
        when: { field: 'source', in: ['manual'] },
      },
    ],
  },
  { name: 'min', label: 'Min', required: false, hint: '', kind: 'number', integer: false, when: byType('range') },
];

describe('conditions', () => {
  test('a field’s value among a list; all, any and not', () => {
    const values = { type: 'list', query: 'meta', check: 'on' };
    expect(holds(undefined, values)).toBe(true);
    expect(holds(byType('list', 'range'), values)).toBe(true);
    expect(holds(byType('range'), values)).toBe(false);
    expect(holds({ field: 'missing', in: [''] }, values)).toBe(true);
    expect(holds({ field: 'check', in: ['on'] }, values)).toBe(true);
    expect(holds({ all: [byType('list'), { field: 'query', in: ['meta'] }] }, values)).toBe(true);
    expect(holds({ all: [byType('list'), { field: 'query', in: ['tax'] }] }, values)).toBe(false);
    expect(holds({ any: [byType('range'), { field: 'query', in: ['meta'] }] }, values)).toBe(true);
    expect(holds({ any: [] }, values)).toBe(false);
    expect(holds({ not: byType('range') }, values)).toBe(true);
  });

  test('the fields a form’s conditions read are live: condition fields, choices offered by condition', () => {
    expect(conditionFields({ all: [byType('x'), { not: { field: 'query', in: [] } }] })).toEqual(['type', 'query']);
    expect([...liveFields(fields)].sort()).toEqual(['query', 'source', 'type']);
  });

  test('a field shows where its condition holds; a flat group while one of its fields shows', () => {
    const group = fields[2] as SettingField;
    const shown = (values: Record<string, string>) =>
      [...fields, ...(group.kind === 'group' ? group.fields : [])].filter((f) => isShown(f, values)).map(keyOf);
    expect(shown({ type: 'list', query: 'tax' })).toEqual(['type', 'query']);
    expect(shown({ type: 'list', query: 'meta', source: 'manual' })).toEqual([
      'type',
      'query',
      '@1',
      'source',
      'options',
    ]);
    expect(shown({ type: 'range', query: 'meta' })).toEqual(['type', 'query', 'min']);
  });
});

test('a choice whose chosen option is no longer offered takes the first one that is', () => {
  // Range offers no taxonomy query: the query becomes meta.
  expect(changeValue(fields, { type: 'list', query: 'tax' }, 'type', 'range')).toEqual({
    type: 'range',
    query: 'meta',
  });
  // An offered choice stays.
  expect(changeValue(fields, { type: 'list', query: 'meta' }, 'type', 'range')).toMatchObject({ query: 'meta' });
  expect(changeValue(fields, { type: 'range', query: 'meta' }, 'type', 'list')).toMatchObject({ query: 'meta' });
  expect(changeValue(fields, { type: 'list', query: 'meta' }, 'query', 'tax')).toMatchObject({ query: 'tax' });
});
