import type { z } from 'zod';
import type { MediaView } from '~/content/media';
import { Picture } from '~/ui/picture';
import type { buttonSettings, headingSettings, imageSettings } from './settings';

/** The heading widget. */
export function Heading({ title, level, align, link }: z.output<typeof headingSettings>) {
  const Tag = `h${level}` as 'h2';
  return <Tag className={`elementor-heading-title align-${align}`}>{link ? <a href={link}>{title}</a> : title}</Tag>;
}

/** Rich text, sanitized on the server. */
export function TextEditor({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText in the widget loader
  return <div className="elementor-text-editor rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A responsive image with an optional caption and link. */
export function ImageWidget({
  media,
  caption,
  link,
  sizes,
  priority,
}: z.output<typeof imageSettings> & { media: MediaView | null }) {
  if (!media) return null;
  const picture = <Picture media={media} sizes={sizes} priority={priority} />;
  return (
    <figure className="image-widget">
      {link ? <a href={link}>{picture}</a> : picture}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** A link styled as a button; without its link when a stored one broke the link rule (lib/link-setting.ts). */
export function ButtonWidget({
  text,
  url,
  variant,
  align,
}: Omit<z.output<typeof buttonSettings>, 'url'> & { url?: string }) {
  return (
    <div className={`button-wrap align-${align}`}>
      <a className={`button button--${variant}`} href={url}>
        {text}
      </a>
    </div>
  );
}
