/**
 * The page's subscribe forms, enhanced (issue 13 "Subscribe"). The forms are plain HTML in the
 * footer and in templates, so one listener on the document serves them all, wherever and whenever
 * they appear; their code (subscribe-form.client.ts) is fetched on the first submit. A submit made
 * before this listener exists posts the form as it is, and the subscribe page answers: nothing is lost.
 */
const load = () => import('./subscribe-form.client');

const formOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLFormElement>('form[data-subscribe-form]') : null;

export function listenForSubscribeForms(): () => void {
  const onSubmit = (event: SubmitEvent) => {
    const form = formOf(event.target);
    if (!form) return;
    event.preventDefault();
    // Offline or a failed chunk: the plain post still subscribes.
    load().then(
      (m) => m.submitSubscribeForm(form),
      () => form.submit(),
    );
  };
  // The browser's own check (type=email, required) caught it: the site's message instead of its bubble.
  const onInvalid = (event: Event) => {
    const form = formOf(event.target);
    if (!form) return;
    event.preventDefault();
    load().then(
      (m) => m.showInvalidEmail(form),
      () => {},
    );
  };
  document.addEventListener('submit', onSubmit);
  document.addEventListener('invalid', onInvalid, true);
  return () => {
    document.removeEventListener('submit', onSubmit);
    document.removeEventListener('invalid', onInvalid, true);
  };
}
