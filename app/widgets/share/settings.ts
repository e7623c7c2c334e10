import { z } from 'zod';
import { linkSetting } from '~/lib/link-setting';
import { DEFAULT_SHARE_NETWORKS, SHARE_NETWORKS } from './model';

/**
 * The share buttons (spec 000 §9 "Share networks"): share addresses only, copy link and print. The
 * page's canonical address and title are shared unless `url` names another address.
 */
export const shareSettings = z.object({
  /** The group's name, shown before the buttons and read by screen readers. */
  label: z.string().min(1).max(60).default('Bagikan'),
  /** The networks, in the order shown (WhatsApp first by default). */
  networks: z
    .array(z.enum(SHARE_NETWORKS))
    .min(1)
    .max(SHARE_NETWORKS.length)
    .default([...DEFAULT_SHARE_NETWORKS]),
  /** "Salin tautan": copies the address (needs JavaScript; hidden without it). */
  copyLink: z.boolean().default(true),
  /** "Cetak": the browser's print dialog (needs JavaScript; hidden without it). */
  print: z.boolean().default(true),
  /** Another address to share than the page's own. */
  url: linkSetting().optional(),
});

export type ShareSettings = z.output<typeof shareSettings>;
