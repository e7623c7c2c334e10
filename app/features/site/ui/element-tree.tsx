import { widgetComponents } from '~/features/widgets';
import type { Element } from '../model';

/** Renders a loaded page tree: sections, columns and widgets with their loaded props. */
export function ElementTree({ tree, props }: { tree: Element[]; props: Record<string, unknown> }) {
  return (
    <>
      {tree.map((el) => (
        <ElementNode key={el.id} el={el} props={props} />
      ))}
    </>
  );
}

function ElementNode({ el, props }: { el: Element; props: Record<string, unknown> }) {
  const children = el.children.map((c) => <ElementNode key={c.id} el={c} props={props} />);
  if (el.type === 'section') {
    const s = el.settings as { layout: string; cssId?: string; background: string; sticky: boolean };
    return (
      <section
        id={s.cssId}
        className={`elementor-section section--${s.layout} section-bg--${s.background}${s.sticky ? ' elementor-sticky' : ''}`}
        data-id={el.id}
      >
        <div className="elementor-container">{children}</div>
      </section>
    );
  }
  if (el.type === 'column') {
    const s = el.settings as { width: number };
    return (
      <div className="elementor-column" style={{ '--col-width': `${s.width}%` } as React.CSSProperties} data-id={el.id}>
        {children}
      </div>
    );
  }
  const Component = widgetComponents[el.widget ?? ''];
  if (!Component) return null;
  return (
    <div className={`elementor-widget elementor-widget-${el.widget}`} data-id={el.id}>
      <Component {...(props[el.id] as object)} />
    </div>
  );
}
