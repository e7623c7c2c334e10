import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';

/** Settings of the basic content widgets; the listing, gallery and menu features own theirs. */
export const headingSettings = z.object({
  title: z.string().min(1).max(300),
  level: z.number().int().min(1).max(6).default(2),
  align: z.enum(['left', 'center', 'right']).default('left'),
  link: linkSetting().optional(),
});

export const textEditorSettings = z.object({
  /** Rich text; sanitized when rendered. */
  html: z.string().max(200_000),
});

export const imageSettings = z.object({
  mediaId: z.number().int().positive(),
  caption: z.string().max(500).optional(),
  link: linkSetting().optional(),
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: z.string().max(200).default('(max-width: 767px) 100vw, 800px'),
  /** Above-the-fold images load eagerly with high priority. */
  priority: z.boolean().default(false),
});

export const buttonSettings = z.object({
  text: z.string().min(1).max(100),
  url: linkSetting(),
  variant: z.enum(['primary', 'secondary']).default('primary'),
  align: z.enum(['left', 'center', 'right']).default('left'),
});
