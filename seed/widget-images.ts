/**
 * Pictures named by their media.yaml key in the settings of widgets other than `image` (issue 22): the
 * hotspots' picture (`image: key` for `mediaId`) and each image accordion item's (`items[].image`).
 * The seed checks the keys, draws the pictures and puts the media ids in their place.
 */

type Settings = Record<string, unknown>;
const itemsOf = (settings: Settings): Settings[] =>
  Array.isArray(settings.items) ? (settings.items as Settings[]) : [];

/** The media.yaml keys a widget's seed settings name. */
export function widgetImageKeys(widget: string | undefined, settings: Settings): unknown[] {
  if (widget === 'hotspots') return [settings.image];
  if (widget === 'image-accordion') return itemsOf(settings).map((item) => item.image);
  return [];
}

/** The settings with media ids (from `mediaId(key)`) in place of the keys. */
export function resolveWidgetImages(
  widget: string | undefined,
  settings: Settings,
  mediaId: (key: string) => number,
): Settings {
  const swap = ({ image, ...rest }: Settings): Settings => ({ ...rest, mediaId: mediaId(String(image)) });
  if (widget === 'hotspots') return swap(settings);
  if (widget === 'image-accordion') return { ...settings, items: itemsOf(settings).map(swap) };
  return settings;
}
