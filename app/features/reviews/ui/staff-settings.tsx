import { Form, useNavigation } from 'react-router';
import { CsrfField, StaffFieldError, StaffMessage } from '~/ui/staff';
import { QUEUE_PATH, type SettingsActionError, SOURCE_FLAGS, type StaffSource } from '../staff-model';

/** The props of the settings screen: every source, the refused form's answer, the source just saved. */
export interface StaffSettingsProps {
  sources: StaffSource[];
  refused: SettingsActionError | null;
  saved: string | null;
}

/**
 * Per-source review settings (issue 14): one form per post type that takes reviews, a checkbox per
 * setting with its hint. A refused form shows its values as sent and each message by its field.
 */
export function StaffSettings({ sources, refused, saved }: StaffSettingsProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <title>Pengaturan ulasan · Ruang Staf</title>
      <div className="staff-reviews__head">
        <h1>Pengaturan ulasan</h1>
        <a href={QUEUE_PATH}>Kembali ke antrean ulasan</a>
      </div>
      <StaffMessage>{saved ? `Pengaturan ${saved} disimpan.` : null}</StaffMessage>
      <StaffMessage error>{refused?.errors.sumber}</StaffMessage>
      {sources.map((source) => {
        const mine = refused?.source === source.postType ? refused : null;
        const idOf = (name: string) => `sumber-${source.postType}-${name}`;
        return (
          <Form key={source.postType} method="post" className="staff-reviews__source">
            <CsrfField />
            <input type="hidden" name="sumber" value={source.postType} />
            <fieldset>
              <legend>{source.label}</legend>
              <p className="staff-reviews__hint">
                Jenis penilaian: {source.typeName} · widget {source.widget === 'simple' ? 'sederhana' : 'lengkap'}
              </p>
              {SOURCE_FLAGS.map((flag) => {
                const error = mine?.errors[flag.name];
                const checked = mine ? mine.values[flag.name] !== undefined : source.flags[flag.name];
                return (
                  <div key={flag.name} className="staff-reviews__flag">
                    <input
                      type="checkbox"
                      id={idOf(flag.name)}
                      name={flag.name}
                      value="1"
                      defaultChecked={checked}
                      aria-describedby={`${idOf(flag.name)}-hint${error ? ` ${idOf(flag.name)}-error` : ''}`}
                      aria-invalid={error ? true : undefined}
                    />
                    <label htmlFor={idOf(flag.name)}>{flag.label}</label>
                    <span id={`${idOf(flag.name)}-hint`} className="staff-reviews__hint">
                      {flag.hint}
                    </span>
                    <StaffFieldError id={idOf(flag.name)} error={error} />
                  </div>
                );
              })}
              <button type="submit" className="button" disabled={busy}>
                {`Simpan pengaturan ${source.label}`}
              </button>
            </fieldset>
          </Form>
        );
      })}
    </>
  );
}
