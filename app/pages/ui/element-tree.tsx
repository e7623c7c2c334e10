import type { ComponentType, ReactNode } from 'react';
import { ServerHtmlBlock } from '~/lib/server-html';
import type { RenderedNode } from '~/pages/model';
import { effectData, stickyClasses, stickySpacing } from '~/widgets/motion/frame';
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
    <Frame id={node.id} settings={node.settings}>
      <RenderedTree nodes={node.children} />
    </Frame>
  );
}

type FrameProps = { id: string; settings: Record<string, unknown>; children: ReactNode };

export function SectionFrame({ id, settings, children }: FrameProps) {
  const s = settings as { layout: string; cssId?: string; background: string; sticky: boolean; particles?: object };
  const particles = effectData(s.particles);
  return (
    <section
      id={s.cssId}
      className={`elementor-section section--${s.layout} section-bg--${s.background}${s.sticky ? ' elementor-sticky' : ''}${stickyClasses(s)}`}
      data-id={id}
      data-behaviour={s.sticky ? 'sticky' : undefined}
    >
      {/* The particle background: decoration behind the content, its code loaded where one is (issue 22). */}
      {particles ? (
        <div className="motion-particles" aria-hidden="true" data-behaviour="particles" data-particles={particles} />
      ) : null}
      <div className="elementor-container">{children}</div>
    </section>
  );
}

export function ColumnFrame({ id, settings, children }: FrameProps) {
  const s = settings as { width: number; hideOnMobile?: boolean; sticky?: boolean; parallax?: object };
  const parallax = effectData(s.parallax);
  return (
    <div
      className={`elementor-column${s.hideOnMobile ? ' elementor-hidden-mobile' : ''}${stickyClasses(s)}`}
      style={{ '--col-width': `${s.width}%`, ...stickySpacing(s) } as unknown as React.CSSProperties}
      data-id={id}
      data-behaviour={s.sticky ? 'sticky' : undefined}
    >
      {/* A parallax column's content moves as one (issue 22); the column itself may be sticky. */}
      {parallax ? (
        <div className="motion-parallax" data-behaviour="parallax" data-parallax={parallax}>
          {children}
        </div>
      ) : (
        children
      )}
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
