import type { Element } from '~/content/tree';
import { frameOf } from '~/pages/frame';
import { ColumnFrame, SectionFrame, WidgetFrame } from '~/pages/ui/element-tree';
import { serverComponentOf } from '~/widgets/static-registry.server';

/** Renders a whole loaded tree on the server: sections, columns and every widget with its loaded props. */
export function ElementTree({ tree, props }: { tree: Element[]; props: Record<string, unknown> }) {
  return tree.map((el) => <ElementNode key={el.id} el={el} props={props} />);
}

function ElementNode({ el, props }: { el: Element; props: Record<string, unknown> }) {
  const children = el.children.map((c) => <ElementNode key={c.id} el={c} props={props} />);
  if (el.type !== 'widget') {
    const Frame = el.type === 'section' ? SectionFrame : ColumnFrame;
    return (
      <Frame id={el.id} frame={frameOf(el.type, el.settings)}>
        {children}
      </Frame>
    );
  }
  const widget = el.widget ?? '';
  return <WidgetFrame id={el.id} widget={widget} Component={serverComponentOf(widget)} props={props[el.id]} />;
}
