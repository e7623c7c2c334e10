import { SUBSCRIBE_PATHS, type SubscribePageData } from '../model';

/** The newsletter's pages: the outcome of a link or a post, and the form (the no-JavaScript subscribe). */
export function SubscribePage({ page, withForm }: { page: SubscribePageData; withForm: boolean }) {
  const { answer } = page;
  return (
    <section className="subscribe-page">
      <h1 className="page-title">{page.title}</h1>
      {answer ? (
        <p
          className={`subscribe-page__message subscribe-page__message--${answer.type}`}
          role={answer.type === 'error' ? 'alert' : 'status'}
        >
          {answer.message}
        </p>
      ) : null}
      {page.confirm ? (
        <form className="subscribe-page__form" method="post" action={page.confirm.action}>
          <p>{page.confirm.intro}</p>
          <input type="hidden" name="id" value={page.confirm.id} />
          <input type="hidden" name="token" value={page.confirm.token} />
          <button type="submit" className="button">
            {page.confirm.label}
          </button>
        </form>
      ) : withForm ? (
        <form className="subscribe-page__form" method="post" action={SUBSCRIBE_PATHS.form}>
          <label htmlFor="subscribe-page-email">Alamat e-mail</label>
          <input id="subscribe-page-email" type="email" name="email" required autoComplete="email" maxLength={254} />
          <button type="submit" className="button">
            Berlangganan
          </button>
        </form>
      ) : (
        <p>
          <a href="/">Kembali ke beranda</a>
        </p>
      )}
    </section>
  );
}
