import type { SettingField, SettingOption } from './model';

type ChoiceField = Extract<SettingField, { kind: 'choice' }>;

/** A required choice field without hint or empty choice, as a test writes one; `more` overrides. */
export function choiceField(
  name: string,
  label: string,
  options: SettingOption[],
  more: Partial<ChoiceField> = {},
): ChoiceField {
  return { name, label, required: true, hint: '', kind: 'choice', empty: null, options, ...more };
}

/** The filter form's first fields: its type, and a query type offered by type (taxonomies for lists only). */
export const TYPE_AND_QUERY: SettingField[] = [
  choiceField('type', 'Jenis', [
    { value: 'list', label: 'Daftar' },
    { value: 'range', label: 'Rentang' },
  ]),
  choiceField('query', 'Kueri', [
    { value: 'tax', label: 'Taksonomi', when: { field: 'type', in: ['list'] } },
    { value: 'meta', label: 'Meta' },
  ]),
];
