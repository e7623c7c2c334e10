/**
 * The page's first script, inline in the head (issue 22): a tap on a page widget's control marked
 * `data-tap`, made while the widget's code is not here yet (the page's scripts still loading on a slow
 * phone, or the widget's own chunk on its way), is not lost: it is held in `window.__earlyTaps`, and
 * behaviours.ts replays it once the widget is enhanced. A tap on an enhanced widget passes through.
 */
export const EARLY_TAPS_SCRIPT =
  "document.addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-tap]');" +
  "if(!t)return;var w=t.closest('[data-behaviour]');if(!w||w.dataset.enhanced==='')return;" +
  'e.preventDefault();var q=window.__earlyTaps||(window.__earlyTaps=[]);if(q.indexOf(t)<0)q.push(t)},true);';
