import type { PanelContent } from '../toggles/model';
import { PanelBody } from '../toggles/panel';

type Side = { label: string; panel: PanelContent };

/** What the switcher's loader sends. */
export interface SwitcherProps {
  /** The radio group's name (one per widget on the page). */
  name: string;
  title: string;
  initialState: 'disable' | 'enable';
  disable: Side;
  enable: Side;
}

/**
 * The switcher as the server sends it (server-rendered only): one control, two radio buttons styled as
 * a switch, and both panels; the stylesheet shows the checked one (`:has`), so it switches by click,
 * tap or the arrow keys before and without script, and the other panel is still in the page. The
 * enhancer (switcher.client.ts) animates the height and loads a template panel left to the browser.
 */
export function Switcher({ name, title, initialState, disable, enable }: SwitcherProps) {
  const sides = [
    ['disable', disable],
    ['enable', enable],
  ] as const;
  return (
    <div className="toggle-switcher" data-behaviour="switcher">
      <fieldset className="toggle-switcher__control">
        <legend className="visually-hidden">{title}</legend>
        {sides.map(([state, side]) => (
          <label key={state} className={`toggle-switcher__option toggle-switcher__option--${state}`}>
            <input type="radio" name={name} value={state} defaultChecked={state === initialState} />
            <span>{side.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="toggle-switcher__panels">
        {sides.map(([state, side]) => (
          <div key={state} className={`toggle-switcher__panel toggle-switcher__panel--${state}`}>
            <PanelBody panel={side.panel} itemKey={`${name}-${state}`} label={side.label} />
          </div>
        ))}
      </div>
    </div>
  );
}
