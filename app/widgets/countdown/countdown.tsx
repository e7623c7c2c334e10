import { digits, expiredView, remainingSentence, restarts, splitRemaining, UNITS, type Unit } from './model';
import type { CountdownSettings } from './settings';

/** The countdown's props, counted by its loader on the server's clock. */
export interface CountdownProps {
  settings: CountdownSettings;
  /** A due date or endless countdown without its date: nothing is shown. */
  missing: boolean;
  /** ms left when the page was made. */
  remaining: number;
  /** The time was up when the page was made (a due date passed). */
  expired: boolean;
  /** The due date's instant (ms), null for evergreen. */
  due: number | null;
  /** The evergreen or endless interval (ms), 0 when none. */
  interval: number;
  /** The due date in words (WIB), or null. */
  dueText: string | null;
  /** The message action's text, sanitized. */
  messageHtml: string;
  /** Where a visitor's evergreen end is kept in their browser. */
  storageKey: string;
}

const LABEL_OF: Record<Unit, keyof CountdownSettings> = {
  days: 'daysLabel',
  hours: 'hoursLabel',
  minutes: 'minutesLabel',
  seconds: 'secondsLabel',
};

/**
 * The countdown (spec 001 §3, §4), rendered on the server with the digits of the moment: the digits
 * are hidden from screen readers, which read a sentence to the minute instead ("Sisa waktu 12 hari 3
 * jam"), updated by countdown.client.ts at most once a minute and never announced by itself. The
 * message is in the page's HTML from the start (hidden until the time is up, shown when it was up
 * already); a status line announces the expiry once.
 */
export function Countdown(p: CountdownProps) {
  const s = p.settings;
  if (p.missing) return null;
  const shown = { days: s.showDays, hours: s.showHours, minutes: s.showMinutes, seconds: s.showSeconds };
  const values = splitRemaining(p.remaining, shown);
  const view = p.expired ? expiredView(s.expireActions, p.messageHtml !== '') : null;
  const restarting = restarts(s.type, s.expireActions, p.interval);
  return (
    <div
      className="countdown"
      data-behaviour="countdown"
      data-type={s.type}
      data-due={p.due ?? undefined}
      data-interval={p.interval}
      data-actions={s.expireActions.join(' ')}
      data-redirect={s.expireActions.includes('redirect') && s.redirectUrl ? s.redirectUrl : undefined}
      data-key={s.type === 'evergreen' ? p.storageKey : undefined}
      data-restarts={restarting ? '' : undefined}
      data-state={p.expired ? 'expired' : p.remaining > 0 ? 'running' : 'idle'}
      hidden={view?.hideWidget}
    >
      <div className="countdown__timer" hidden={view?.hideTimer}>
        {/* The caption and the time in words make one sentence: "Pendaftaran ditutup dalam 12 hari 3 jam". */}
        <p className={s.caption ? 'countdown__caption' : 'visually-hidden'}>
          {s.caption || 'Sisa waktu'}
          <span className="visually-hidden" data-countdown-sentence="">
            {` ${remainingSentence(p.remaining)}`}
          </span>
        </p>
        <div className="countdown__units" aria-hidden="true">
          {UNITS.filter((u) => shown[u]).map((unit) => (
            <div key={unit} className="countdown__unit" data-unit={unit}>
              <span className="countdown__value">{digits(values[unit] ?? 0)}</span>
              <span className="countdown__label">{s[LABEL_OF[unit]] as string}</span>
            </div>
          ))}
        </div>
        {p.dueText ? <p className="countdown__due">Hingga {p.dueText}</p> : null}
        {view?.redirect && s.redirectUrl ? (
          <p className="countdown__next">
            <a href={s.redirectUrl}>Lanjutkan</a>
          </p>
        ) : null}
      </div>
      {p.messageHtml ? (
        <div
          className="countdown__message rich-text"
          data-countdown-message=""
          hidden={!view?.showMessage}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText in the loader
          dangerouslySetInnerHTML={{ __html: p.messageHtml }}
        />
      ) : null}
      <p className="visually-hidden" role="status" data-countdown-status="" />
    </div>
  );
}
