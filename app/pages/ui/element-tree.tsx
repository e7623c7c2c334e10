import { type ComponentType, type ReactNode, Suspense, use, useMemo } from 'react';
import { useNavigation } from 'react-router';
import { ServerHtmlBlock } from '~/lib/server-html';
import { isNear, whenNear } from '~/lib/when-near';
import type { FrameView } from '~/pages/frame';
import type { RenderedNode } from '~/pages/model';
import { componentOf } from '~/widgets/registry';

/** Renders a page as the browser gets it: HTML blocks and the interactive widgets between them. */
export function RenderedTree({ nodes }: { nodes: RenderedNode[] }) {
  return nodes.map((node, i) => <RenderedView key={node.t === 'html' ? `html-${i}` : node.id} node={node} />);
}

function RenderedView({ node }: { node: RenderedNode }) {
  if (node.t === 'html') return <ServerHtmlBlock block={node.block} className="static-block" />;
  if (node.t === 'widget') return <HydratingWidget id={node.id} widget={node.widget} props={node.props} />;
  const Frame = node.t === 'section' ? SectionFrame : ColumnFrame;
  return (
    <Frame id={node.id} frame={node.frame}>
      <RenderedTree nodes={node.children} />
    </Frame>
  );
}

type FrameProps = { id: string; frame: FrameView; children: ReactNode };

/** The element of a frame's effect (issue 22): its code loads where one is, its settings as JSON. */
const effectProps = ({ kind, data }: NonNullable<FrameView['effect']>) => ({
  className: `motion-${kind}`,
  'data-behaviour': kind,
  'data-effect': data,
});

export function SectionFrame({ id, frame, children }: FrameProps) {
  return (
    <section id={frame.cssId} className={frame.className} data-id={id} data-behaviour={frame.behaviour}>
      {/* A particle background: decoration behind the content. */}
      {frame.effect ? <div aria-hidden="true" {...effectProps(frame.effect)} /> : null}
      <div className="elementor-container">{children}</div>
    </section>
  );
}

export function ColumnFrame({ id, frame, children }: FrameProps) {
  return (
    <div className={frame.className} style={frame.style} data-id={id} data-behaviour={frame.behaviour}>
      {/* A parallax column's content moves as one; the column itself may be sticky. */}
      {frame.effect ? <div {...effectProps(frame.effect)}>{children}</div> : children}
    </div>
  );
}

/** A widget as the server renders it (the static ones, and the hydrating ones' first HTML). */
export function WidgetFrame({
  id,
  widget,
  Component,
  props,
}: {
  id: string;
  widget: string;
  Component: ComponentType<object> | undefined;
  props: unknown;
}) {
  if (!Component) return null;
  return (
    <WidgetBox id={id} widget={widget}>
      <Component {...(props as object)} />
    </WidgetBox>
  );
}

function WidgetBox({ id, widget, children }: { id: string; widget: string; children: ReactNode }) {
  return (
    <div className={`elementor-widget elementor-widget-${widget}`} data-id={id}>
      {children}
    </div>
  );
}

/**
 * Hydration of a widget below the fold waits until it comes near the window (issue 24): a phone's
 * first view hydrates what it shows and downloads only that code (a slider's Embla, the store code).
 * React keeps a Suspense boundary that has not hydrated as the server sent it, links and forms
 * working. A widget is late when the server's page had it far below the window as the page hydrated;
 * one rendered later (another page, a template) renders at once. Its wait ends early when the visitor
 * touches, clicks, focuses or types in it (React then hydrates it at once and hands it the event), and
 * when the page changes (a navigation starts, the widget's props change): an update must not wait for
 * a scroll.
 */
interface LateWidget {
  ready: boolean;
  near: Promise<void>;
  end: () => void;
  props: unknown;
}
const lateWidgets = new Map<string, LateWidget | null>();

/** The wait of the server page's widget `id`, looked at once, as it hydrates; null when it hydrates at once. */
function lateWidget(id: string, props: unknown): LateWidget | null {
  if (typeof document === 'undefined') return null;
  listenForUse();
  let late = lateWidgets.get(id);
  if (late === undefined) {
    const element = document.querySelector(`main .elementor-widget[data-id="${CSS.escape(id)}"]`);
    const waits = element && !isNear(element) && !(followsFilters(props) && element.getClientRects().length > 0);
    late = element && waits ? waitFor(element, props) : null;
    lateWidgets.set(id, late);
  }
  return late;
}

/**
 * A widget of a smart filter group (a listing the filters drive, the group's pagination): shown, it
 * hydrates at once wherever it is, as the group's answers re-render it. Folded away (a phone's filters)
 * it waits until it shows.
 */
function followsFilters(props: unknown): boolean {
  const p = props as { filterGroup?: unknown; group?: unknown } | null;
  return Boolean(p?.filterGroup ?? p?.group);
}

function waitFor(element: Element, props: unknown): LateWidget {
  let end = () => {};
  const near = new Promise<void>((resolve) => {
    end = resolve;
  });
  const late: LateWidget = {
    ready: false,
    near,
    props,
    end: () => {
      late.ready = true;
      end();
    },
  };
  void whenNear(element).then(late.end);
  return late;
}

/** Ends every wait: the page is changing. */
function endWaits() {
  for (const late of lateWidgets.values()) late?.end();
}

let listening = false;
/**
 * Captured on the window, before React's own listeners on the document see the event. A list's load
 * more clicked before the list's code runs (`data-load-more` without `data-live`) is kept
 * (`data-wanted`): the list loads the next page on arrival (ui/load-more.tsx `useKeptLoadMore`).
 */
function listenForUse() {
  if (listening) return;
  listening = true;
  const use = (event: Event) => {
    const target = event.target as Element | null;
    const id = target?.closest?.<HTMLElement>('.elementor-widget[data-id]')?.dataset.id;
    if (id) lateWidgets.get(id)?.end();
    const early = event.type === 'click' ? target?.closest?.('a[data-load-more]:not([data-live])') : null;
    if (!early) return;
    event.preventDefault();
    early.setAttribute('data-wanted', '');
  };
  for (const type of ['pointerdown', 'focusin', 'click', 'keydown', 'input'])
    window.addEventListener(type, use, { capture: true });
}

/** Renders its children once `late` is ready (suspends until then). */
function WhenReady({ late, children }: { late: LateWidget | null; children: ReactNode }) {
  if (late && !late.ready) use(late.near);
  return children;
}

function HydratingWidget({ id, widget, props }: { id: string; widget: string; props: unknown }) {
  const Component = componentOf(widget);
  const late = lateWidget(id, props);
  if (useNavigation().state !== 'idle') endWaits();
  if (late && late.props !== props) late.end();
  // The same element while nothing changed: a parent's render reaches no boundary still waiting.
  const body = useMemo(
    () =>
      Component ? (
        <Suspense fallback={null}>
          <WhenReady late={late}>
            <Component {...(props as object)} />
          </WhenReady>
        </Suspense>
      ) : null,
    [Component, late, props],
  );
  if (!body) return null;
  return (
    <WidgetBox id={id} widget={widget}>
      {body}
    </WidgetBox>
  );
}
