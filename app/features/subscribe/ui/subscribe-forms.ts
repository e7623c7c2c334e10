/**
 * The page's subscribe forms, enhanced (issue 13 "Subscribe"). The forms are plain HTML in the
 * footer and in templates, so one listener on the document serves them all, wherever and whenever
 * they appear; their code (subscribe-form.client.ts) is fetched on the first submit. A submit made
 * before this listener exists posts the form as it is, and the subscribe page answers: nothing is lost.
 */
import { listen } from '~/ui/listen';

const load = () => import('./subscribe-form.client');

const formOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLFormElement>('form[data-subscribe-form]') : null;

/**
 * A handler for an event on a subscribe form: it stops the browser's own handling and hands the form to
 * `run` once the form's code is here, or to `fallback` when that code cannot load.
 */
function takeOver(
  run: (code: Awaited<ReturnType<typeof load>>, form: HTMLFormElement) => void,
  fallback: (form: HTMLFormElement) => void,
) {
  return (event: Event) => {
    const form = formOf(event.target);
    if (!form) return;
    event.preventDefault();
    load().then(
      (code) => run(code, form),
      () => fallback(form),
    );
  };
}

export function listenForSubscribeForms(): () => void {
  // Offline or a failed chunk: the plain post still subscribes.
  const onSubmit = takeOver(
    (code, form) => code.submitSubscribeForm(form),
    (form) => form.submit(),
  );
  // The browser's own check (type=email, required) caught it: the site's message instead of its bubble.
  const onInvalid = takeOver(
    (code, form) => code.showInvalidEmail(form),
    () => {},
  );
  return listen(document, [
    ['submit', onSubmit],
    ['invalid', onInvalid, true],
  ]);
}
