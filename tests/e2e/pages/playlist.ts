import type { Frame, Locator, Page } from '@playwright/test';
import { receivedBy } from '../support/video-stub';

/** The /video/ page's playlist (app/widgets/playlist). */
export class VideoPlaylist {
  readonly root: Locator;
  readonly list: Locator;
  readonly canvas: Locator;
  readonly poster: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.video-playlist');
    this.list = page.getByRole('list', { name: 'Daftar video' });
    this.canvas = this.root.locator('.video-playlist__canvas');
    this.poster = this.canvas.locator('.video-playlist__poster');
  }

  /** Opens /video/ and waits until the playlist's code has taken it over. */
  static async open(page: Page): Promise<VideoPlaylist> {
    await page.goto('/video/');
    const playlist = new VideoPlaylist(page);
    await playlist.enhanced();
    return playlist;
  }

  async enhanced(): Promise<void> {
    // Widgets below the fold are taken over once they come near the window (issue 24): as a visitor, scroll there.
    await this.root.scrollIntoViewIfNeeded();
    await this.root.and(this.page.locator('[data-enhanced=""]')).waitFor();
  }

  /** An item's button (its name starts with the video's title). */
  button(title: string): Locator {
    return this.list.getByRole('button', { name: title });
  }

  /** An item's link, as the page is without JavaScript. */
  link(title: string): Locator {
    return this.list.getByRole('link', { name: title });
  }

  /** An item's list entry, which carries its state (`data-state`). */
  item(title: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: title });
  }

  /** The player frame of a video in the canvas. */
  frameElement(videoId: string): Locator {
    return this.canvas.locator(`iframe[src*="/${videoId}?"]`);
  }

  /** The stub player's frame of a video. */
  async frame(videoId: string): Promise<Frame> {
    const handle = await this.frameElement(videoId).elementHandle();
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error(`no player frame for ${videoId}`);
    return frame;
  }

  /** What the stub player of a video has received from the page. */
  async received(videoId: string): Promise<string[]> {
    return receivedBy(await this.frame(videoId));
  }
}
