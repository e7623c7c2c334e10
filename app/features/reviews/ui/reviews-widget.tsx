import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { coveredTop, smoothScrollTo } from '~/lib/smooth-scroll';
import { useHydrated } from '~/ui/use-hydrated';
import type { ApprovalState, ReviewItem, ReviewsWidgetData } from '../model';
import { captchaChallengeUrl, fetchReviewsPage } from './api';
import { type ReviewsEnv, ReviewsEnvContext } from './context';
import { browserStorage, guestIdentity, hasReviewed, ratedReviews, rememberIdentity } from './guest-data';
import { NoScriptReviewForm, ReviewFormStatusMessage } from './no-script-form';
import { Pager, WIDGET_ANCHOR } from './pager';
import { RatingBar, scoreOutOfFive } from './rating';
import { NewReview } from './review-form';
import { ReviewCard } from './review-item';
import { listReducer, pageCount } from './reviews-list';

/** A page rendered longer ago than this came from the page cache: its first page is fetched again. */
export const STALE_PAGE_MS = 5_000;

/** Height of what covers the top of the page (admin bar, the sticky site header) at this moment. */
function withGuestVotes(list: ReviewItem[], rated: Record<number, ApprovalState>): ReviewItem[] {
  return list.map((r) => (rated[r.id] ? { ...r, approval: rated[r.id]! } : r));
}

/**
 * The reviews widget of a post (spec 000 §2, §4; calls 9-12): the average and its bar, the new-review
 * form, the paged list with pinned reviews first (the server's order), likes, comments and replies.
 */
export function ReviewsWidget({ data, path }: { data: ReviewsWidgetData; path: string }) {
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(listReducer, data.first, (first) => ({ page: data.page ?? 0, ...first }));
  const [guest, setGuest] = useState({ name: '', mail: '', reviewed: false });
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const root = useRef<HTMLElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const headingId = useId();
  const isGuest = data.user.id === '';
  const pages = pageCount(state.total, data.pageSize);

  const loadPage = useCallback(
    async (page: number, scroll: boolean) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      try {
        const answer = await fetchReviewsPage(
          { source: data.source, source_id: data.sourceId, page, page_size: data.pageSize },
          controller.signal,
        );
        if (!answer.success || !answer.data) {
          // spec 000 §8: an unsuccessful list only logs.
          console.log('Error');
          return;
        }
        const list = isGuest
          ? withGuestVotes(answer.data.list, ratedReviews(browserStorage(), data.source))
          : answer.data.list;
        const total = Number(answer.data.total);
        dispatch({ type: 'page', page, data: { list, total, rating: Number(answer.data.rating) } });
        if (scroll && root.current) {
          smoothScrollTo(root.current, coveredTop());
          setAnnouncement(`Halaman ${page + 1} dari ${pageCount(total, data.pageSize)}`);
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.log('Error');
      } finally {
        if (inFlight.current === controller) setLoading(false);
      }
    },
    [data.source, data.sourceId, data.pageSize, isGuest],
  );

  // After hydration: the guest's own data from local storage, and the page shown again when the page is
  // old (it came from the page cache, which does not know of newer reviews).
  useEffect(() => {
    if (isGuest) {
      const storage = browserStorage();
      setGuest({ ...guestIdentity(storage), reviewed: hasReviewed(storage, data.source, data.sourceId) });
      dispatch({ type: 'guest-approvals', rated: ratedReviews(storage, data.source) });
    }
    if (Date.now() - data.renderedAt > STALE_PAGE_MS) void loadPage(data.page ?? 0, false);
    return () => inFlight.current?.abort();
  }, [isGuest, data.source, data.sourceId, data.renderedAt, data.page, loadPage]);

  const env = useMemo<ReviewsEnv>(
    () => ({
      source: data.source,
      sourceId: data.sourceId,
      settings: data.settings,
      user: data.user,
      isGuest,
      guestName: guest.name,
      guestMail: guest.mail,
      rememberGuest: (name, mail) => {
        rememberIdentity(browserStorage(), name, mail);
        setGuest((g) => ({ ...g, name, mail }));
      },
      captcha: data.captcha.enabled,
      challengeUrl: captchaChallengeUrl,
      dispatch,
      announce: setAnnouncement,
    }),
    [data, isGuest, guest.name, guest.mail],
  );

  return (
    <ReviewsEnvContext.Provider value={env}>
      <section
        ref={root}
        id={WIDGET_ANCHOR}
        className="jet-reviews-advanced"
        aria-labelledby={headingId}
        data-loading={loading || undefined}
        data-hydrated={hydrated || undefined}
        data-type={data.type.slug}
      >
        <header className="jet-reviews-advanced__header">
          <h2 className="jet-reviews-advanced__heading" id={headingId}>
            Ulasan <span className="jet-reviews-advanced__count">({state.total})</span>
          </h2>
          {state.total > 0 ? (
            <div className="jet-reviews-advanced__summary">
              <RatingBar percent={state.rating} label="Nilai rata-rata" value={`${scoreOutOfFive(state.rating)}/5`} />
            </div>
          ) : null}
          <ReviewFormStatusMessage status={data.formStatus} />
          <NewReview fields={data.type.fields} reviewed={data.reviewed || guest.reviewed} signInHref={signIn(path)} />
          {data.user.canReview.allowed && !data.reviewed ? (
            <NoScriptReviewForm
              path={path}
              sourceId={data.sourceId}
              fields={data.type.fields}
              guest={isGuest}
              captcha={data.captcha.enabled}
            />
          ) : null}
        </header>
        {state.list.length > 0 ? (
          <ol className="jet-reviews-advanced__reviews" aria-busy={loading || undefined}>
            {state.list.map((r) => (
              <ReviewCard key={r.id} review={r} />
            ))}
          </ol>
        ) : (
          <p className="jet-reviews-advanced__empty">Belum ada ulasan. Jadilah yang pertama menulis ulasan.</p>
        )}
        <Pager
          current={state.page + 1}
          pages={pages}
          busy={loading}
          path={path}
          onChange={(p) => void loadPage(p - 1, true)}
        />
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>
    </ReviewsEnvContext.Provider>
  );
}

/** The sign-in page, coming back here afterwards. */
export function signIn(path: string): string {
  return `/masuk/?redirect_to=${encodeURIComponent(path)}`;
}
