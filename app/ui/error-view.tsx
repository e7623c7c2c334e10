import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Every route's error view: the 404 page, or a short apology; never a stack trace. */
export default function ErrorView() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return (
      <section className="error-page">
        <title>Halaman tidak ditemukan</title>
        <meta name="robots" content="noindex" />
        <h1>Halaman tidak ditemukan</h1>
        <p>Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
        <search className="search-form">
          <form method="get" action="/">
            <label htmlFor="search-404" className="visually-hidden">
              Cari
            </label>
            <input id="search-404" type="search" name="s" placeholder="Cari berita…" />
            <button type="submit" className="button">
              Cari
            </button>
          </form>
        </search>
        <p>
          <a href="/">Kembali ke beranda</a>
        </p>
      </section>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="error-page">
      <title>Terjadi kesalahan</title>
      <h1>{status === 400 ? 'Permintaan tidak valid' : 'Terjadi kesalahan'}</h1>
      <p>Silakan muat ulang halaman atau kembali ke beranda.</p>
      <p>
        <a href="/">Kembali ke beranda</a>
      </p>
    </section>
  );
}
