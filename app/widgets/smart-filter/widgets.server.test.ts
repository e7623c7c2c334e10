import { expect, test } from 'vitest';
import { type FilterRecordSpec, filterRecordOf } from '~/features/filters/filters.fixtures';
import { fromFormFields } from './widgets.server';

const record = (spec: FilterRecordSpec) => filterRecordOf({ name: 'x', label: 'x', activeLabel: 'x', ...spec });

const fee = record({
  type: 'range',
  queryType: 'meta_query',
  queryVar: 'biaya',
  queryVarSuffix: 'range',
  settings: { min: 0, max: 200000, step: 5000 },
});
const days = record({
  id: 2,
  type: 'date-range',
  queryType: 'date_query',
  queryVar: '',
  queryVarSuffix: 'date',
  settings: { dateFormat: 'dd/mm/yy' },
});

test('a form without JavaScript sends ranges and date ranges as two fields: they become wire values', () => {
  const query = fromFormFields(
    {
      '_meta_query_biaya|range': ['50000', ''],
      '_date_query_|date': ['05.01.2025', '10/02/2025'],
      _tax_query_category: ['3', '7'],
    },
    [fee, days],
  );
  expect(query).toEqual({
    '_meta_query_biaya|range': '50000_200000',
    '_date_query_|date': '2025.1.5-2025.2.10',
    // Not a range or a date: a list stays a list.
    _tax_query_category: ['3', '7'],
  });
});

test('unreadable dates leave the date filter out; wire-shaped values pass unchanged', () => {
  expect(fromFormFields({ '_date_query_|date': ['kemarin', ''] }, [days])).toEqual({});
  expect(fromFormFields({ '_meta_query_biaya|range': '10_20' }, [fee])).toEqual({ '_meta_query_biaya|range': '10_20' });
});
