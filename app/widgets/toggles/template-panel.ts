import { devMode } from '~/ui/template-html';
import { readTemplateAnswer, sameOriginUrl, templateCallUrl } from './model';

/*
 * A template panel's content in the browser (spec filters-and-widgets.md §4 "Tab template: not loaded
 * -> loaded, once per panel", §7, §8): fetched over the tabs' template call when the panel is first
 * shown, its scripts and styles loaded once each by handle, and put in place of the panel's link. A
 * script that fails to load logs 'Script Loaded Error' and the content is not inserted (the link
 * stays: it still asks the server for the panel).
 */

/** Scripts and styles already asked for on this page, by handle (`<handle>-js`, `<handle>-css` as WordPress names them). */
const assets = new Map<string, Promise<void>>();

function loadAsset(kind: 'js' | 'css', handle: string, url: string): Promise<void> {
  const key = `${handle}-${kind}`;
  let loading = assets.get(key);
  if (!loading) {
    const href = sameOriginUrl(url, window.location.origin);
    loading =
      href === null
        ? Promise.reject(new Error(`${url} is not this site's`))
        : document.getElementById(key)
          ? Promise.resolve()
          : new Promise<void>((resolve, reject) => {
              const el =
                kind === 'js'
                  ? Object.assign(document.createElement('script'), { src: href, async: false })
                  : Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
              el.id = key;
              el.addEventListener('load', () => resolve());
              el.addEventListener('error', () => reject(new Error(`${href} did not load`)));
              document.head.append(el);
            });
    assets.set(key, loading);
  }
  return loading;
}

/** Where a panel's template stands (its content element's `data-template-state`). */
type State = 'loading' | 'loaded' | 'failed';

/**
 * Loads the template of a panel's content element (`[data-template-id]`) once: later calls, and calls
 * while it loads, do nothing. A request that fails is forgotten (the next showing tries again), as is
 * an answer that is not a template's.
 */
export async function loadTemplatePanel(content: HTMLElement): Promise<void> {
  const id = Number(content.dataset.templateId);
  if (!Number.isInteger(id) || id < 1 || content.dataset.templateState) return;
  const set = (state: State | null) => {
    if (state) content.dataset.templateState = state;
    else delete content.dataset.templateState;
  };
  set('loading');
  content.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(templateCallUrl(id, devMode()), { headers: { accept: 'application/json' } });
    const answer = res.ok ? readTemplateAnswer(await res.json()) : null;
    if (!answer) {
      set(null);
      return;
    }
    // Styles do not hold the content back: a style that fails leaves it unstyled, not missing.
    for (const [handle, url] of Object.entries(answer.template_styles)) loadAsset('css', handle, url).catch(() => {});
    try {
      await Promise.all(Object.entries(answer.template_scripts).map(([handle, url]) => loadAsset('js', handle, url)));
    } catch {
      console.error('Script Loaded Error');
      set('failed');
      return;
    }
    content.innerHTML = answer.template_content;
    set('loaded');
  } catch {
    set(null);
  } finally {
    content.removeAttribute('aria-busy');
  }
}
