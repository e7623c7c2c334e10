/** One listener: the event's name, its handler (any event type) and whether it listens while capturing. */
export type Listener = [type: string, handler: (event: never) => void, capture?: boolean];

/** Adds the listeners to `target`; returns what removes them all again. */
export function listen(target: EventTarget, listeners: Listener[]): () => void {
  for (const [type, handler, capture] of listeners) target.addEventListener(type, handler as EventListener, capture);
  return () => {
    for (const [type, handler, capture] of listeners)
      target.removeEventListener(type, handler as EventListener, capture);
  };
}
