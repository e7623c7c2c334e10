import { type ComponentType, lazy } from 'react';

/**
 * A module of widgets loaded once, on demand (its own chunk: only pages that show them download it).
 * `component` makes a React.lazy that renders at once when the module is already here, so the server
 * (which loads it at start) and templates rendered later never suspend on it.
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const get = (): Promise<M> => {
    loading ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return loading;
  };
  function component<P>(pick: (m: M) => ComponentType<P>): ComponentType<P> {
    type Loaded = { default: ComponentType<P> };
    return lazy((): Promise<Loaded> => {
      const ready = loaded;
      if (ready) {
        const now: Loaded = { default: pick(ready) };
        // A thenable that settles synchronously: React reads it without suspending.
        // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable; this one is already settled
        return { then: (resolve: (m: Loaded) => void) => resolve(now) } as unknown as Promise<Loaded>;
      }
      return get().then((m) => ({ default: pick(m) }));
    }) as unknown as ComponentType<P>;
  }
  return { load: get, component };
}
