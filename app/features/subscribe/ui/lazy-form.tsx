import { Suspense } from 'react';
import { lazyModule } from '~/lib/lazy-module';
import type { SubscribeFormProps } from './subscribe-form';

/**
 * The subscribe form's component in a chunk of its own: the forms arrive as the server's HTML (the
 * footer, templates), so the browser needs no copy of it. The server loads it at start.
 */
const formModule = lazyModule(() => import('./subscribe-form'));
const Form = formModule.component((m) => m.SubscribeForm);

export const loadSubscribeForm = formModule.load;

export function LazySubscribeForm(props: SubscribeFormProps) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}
