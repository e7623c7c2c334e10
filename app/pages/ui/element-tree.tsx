import type { ComponentType, ReactNode } from 'react';
import { ServerHtmlBlock } from '~/lib/server-html';
import type { FrameView } from '~/pages/frame';
import type { RenderedNode } from '~/pages/model';
import { componentOf } from '~/widgets/registry';

/** Renders a page as the browser gets it: HTML blocks and the interactive widgets between them. */
export function RenderedTree({ nodes }: { nodes: RenderedNode[] }) {
  return nodes.map((node, i) => <RenderedView key={node.t === 'html' ? `html-${i}` : node.id} node={node} />);
}

function RenderedView({ node }: { node: RenderedNode }) {
  if (node.t === 'html') return <ServerHtmlBlock block={node.block} className="static-block" />;
  if (node.t === 'widget')
    return <WidgetFrame id={node.id} widget={node.widget} Component={componentOf(node.widget)} props={node.props} />;
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
    <div className={`elementor-widget elementor-widget-${widget}`} data-id={id}>
      <Component {...(props as object)} />
    </div>
  );
}
