import { useEffect, useId, useRef, useState } from 'react';
import { isCommentFormValid, LIMITS, type ReviewComment, replyParentId } from '../model';
import { submitComment } from './api';
import { AuthorLine } from './author';
import { useCaptcha } from './captcha';
import { authorFields, Field, FormEnd, ToggleButton, useGuest, useReviewsEnv } from './context';

/**
 * A comment or reply form (call 11). `parentId` 0 is a comment on the review; otherwise a reply.
 * A failed send shows the server's message (spec 000 §8).
 */
export function CommentForm({
  reviewId,
  parentId,
  label,
  initialText = '',
  onSent,
  onCancel,
}: {
  reviewId: number;
  parentId: number;
  label: string;
  initialText?: string;
  onSent: (comment: ReviewComment) => void;
  onCancel: () => void;
}) {
  const env = useReviewsEnv();
  const [content, setContent] = useState(initialText);
  const guest = useGuest();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const captcha = useCaptcha(parentId === 0 ? 'submit_review_comment' : 'submit_comment_reply');
  const textRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = textRef.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const valid = isCommentFormValid({ content, guest: env.isGuest, name: guest.name, mail: guest.mail });

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setError('');
    try {
      const token = await captcha.token();
      const answer = await submitComment({
        source: env.source,
        source_id: env.sourceId,
        parent_id: parentId,
        review_id: reviewId,
        ...authorFields(env, guest.name, guest.mail),
        content: content.trim(),
        ...(token ? { captcha_token: token } : {}),
      });
      if (answer.success && answer.data) {
        onSent(answer.data);
        return;
      }
      captcha.reset();
      setError(answer.message);
    } catch (error) {
      console.warn('comment', error);
      setError('An unknown error occurred.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="jet-reviews-comment-form" onSubmit={send} noValidate aria-busy={sending || undefined}>
      <Field
        label={label}
        value={content}
        onChange={setContent}
        multiline
        maxLength={LIMITS.comment}
        inputRef={textRef}
      />
      <FormEnd
        classPrefix="jet-reviews-comment-form__"
        guest={guest}
        captcha={captcha.element}
        valid={valid}
        sending={sending}
        onCancel={onCancel}
      >
        {parentId === 0 ? 'Kirim komentar' : 'Kirim balasan'}
      </FormEnd>
      <p className="jet-reviews-message" role="status" data-kind={error ? 'error' : undefined}>
        {error}
      </p>
    </form>
  );
}

/** The comments of a review, each with its replies (spec 000 §4). */
export function CommentList({
  comments,
  id,
  depth = 0,
  focusId,
}: {
  comments: ReviewComment[];
  id?: string;
  depth?: number;
  /** the comment that takes the focus when it comes (the first of a page loaded last) */
  focusId?: number;
}) {
  return (
    <ol className="jet-reviews-comments" id={id} data-depth={depth}>
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} depth={depth} focused={c.id === focusId} />
      ))}
    </ol>
  );
}

function CommentItem({ comment, depth, focused }: { comment: ReviewComment; depth: number; focused: boolean }) {
  const env = useReviewsEnv();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) item.current?.focus();
  }, [focused]);
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const canReply = env.settings.commentsAllowed && env.user.canComment.allowed;
  const close = () => {
    setReplying(false);
    replyButton.current?.focus();
  };
  return (
    <li
      ref={item}
      className="jet-reviews-comment-item"
      data-pending={!comment.approved || undefined}
      tabIndex={focused ? -1 : undefined}
    >
      <article aria-labelledby={labelId}>
        <AuthorLine author={comment.author} date={comment.date} verifications={comment.verifications} id={labelId} />
        <p className="jet-reviews-comment-item__content">{comment.content}</p>
        {canReply ? (
          <ToggleButton ref={replyButton} aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
            Balas
          </ToggleButton>
        ) : null}
        {replying ? (
          <CommentForm
            reviewId={comment.review_id}
            // spec 000 §4: a reply to a top comment hangs under it, a reply to a reply under the same parent.
            parentId={replyParentId(comment, depth)}
            label={`Balasan untuk ${comment.author.name}`}
            initialText={`${comment.author.name}, `}
            onCancel={close}
            onSent={(reply) => {
              env.dispatch({ type: 'comment', reviewId: comment.review_id, comment: reply });
              env.announce('Balasan terkirim');
              close();
            }}
          />
        ) : null}
      </article>
      {comment.children.length > 0 ? <CommentList comments={comment.children} depth={depth + 1} /> : null}
    </li>
  );
}
