import type { PostSummary } from '~/content/posts';
import { StoreButton } from '~/features/stores/ui/store-button';
import { Picture } from '~/ui/picture';

/** An extracurricular activity as its card shows it: the post, its activity term and its schedule meta. */
export interface EkskulItem {
  post: PostSummary;
  /** The activity (the item's deepest `bidang-ekskul` term) and its field (that term's parent). */
  activity: string | null;
  field: string | null;
  /** Meta `hari`: the meeting day. */
  day: string | null;
  /** Meta `jam`: the meeting time (a number such as 15.5 or 1530, or text). */
  time: number | string | null;
  /** Meta `biaya`: the monthly fee in rupiah; 0 is free. */
  fee: number | null;
  /** Meta `rating`: 0-5. */
  rating: number | null;
  /** Meta `tempat`: where the group meets. */
  place: string | null;
}

const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** `15.5` or `1530` → `15.30` (the school writes times with a dot); text stays as it is. */
export function formatMeetingTime(time: number | string | null): string | null {
  if (time === null || time === '') return null;
  if (typeof time === 'string') return time;
  if (!Number.isFinite(time) || time < 0) return null;
  const [hours, minutes] = time >= 100 ? [Math.floor(time / 100), time % 100] : [Math.floor(time), (time % 1) * 60];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}.${String(Math.round(minutes)).padStart(2, '0')}`;
}

/** `0` → `Gratis`, `50000` → `Rp 50.000`. */
export function formatFee(fee: number | null): string | null {
  if (fee === null || !Number.isFinite(fee) || fee < 0) return null;
  return fee === 0 ? 'Gratis' : rupiah.format(fee);
}

/** `studio-musik` → `Studio musik`: the venue values are slugs (the venue filter's option values). */
export function formatPlace(place: string | null): string | null {
  if (!place) return null;
  const words = place.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

/**
 * One extracurricular activity in the listing grid: image, title, activity, day and time, fee, rating;
 * a grid's card settings may leave the image, the activity, the facts or the store buttons out.
 */
export function EkskulCard({
  item,
  showImage = true,
  showCategory = true,
  showDetails = true,
  showStoreButtons = true,
}: {
  item: EkskulItem;
  showImage?: boolean;
  showCategory?: boolean;
  showDetails?: boolean;
  showStoreButtons?: boolean;
}) {
  const { post } = item;
  const time = formatMeetingTime(item.time);
  const fee = formatFee(item.fee);
  const schedule = [item.day, time ? `${time} WIB` : null].filter(Boolean).join(', ');
  const place = formatPlace(item.place);
  return (
    <div className="jet-listing-grid__item" data-post-id={post.id}>
      <article className="ekskul-card">
        {showImage && post.image ? (
          <div className="ekskul-card__image">
            <Picture media={post.image} sizes="(max-width: 767px) 50vw, (max-width: 1200px) 33vw, 400px" />
          </div>
        ) : null}
        <div className="ekskul-card__body">
          {showCategory && item.activity ? (
            <p className="ekskul-card__activity">
              {item.field ? <span className="ekskul-card__field">{item.field} · </span> : null}
              {item.activity}
            </p>
          ) : null}
          <h2 className="ekskul-card__title">
            <a href={post.url}>{post.title}</a>
          </h2>
          {showDetails ? (
            <dl className="ekskul-card__facts">
              <Fact name="schedule" term="Jadwal" value={schedule} />
              <Fact name="place" term="Tempat" value={place} />
              <Fact name="fee" term="Biaya" value={fee} />
              {item.rating !== null ? (
                <Fact
                  name="rating"
                  term="Penilaian"
                  value={
                    <>
                      <span aria-hidden="true">★ </span>
                      {oneDecimal.format(item.rating)}
                      <span className="visually-hidden"> dari 5</span>
                    </>
                  }
                />
              ) : null}
            </dl>
          ) : null}
          {showStoreButtons ? (
            <div className="ekskul-card__stores">
              <StoreButton store="favorit" postId={post.id} title={post.title} label="Simpan" addedLabel="Tersimpan" />
              <StoreButton
                store="banding"
                postId={post.id}
                title={post.title}
                label="Bandingkan"
                addedLabel="Lihat perbandingan"
                addedUrl="/bandingkan/"
                actionAfterAdded="switch_status"
                popup="popup-perbandingan"
              />
              <StoreButton store="keinginan" postId={post.id} title={post.title} addedLabel="Diminati" />
            </div>
          ) : null}
        </div>
      </article>
    </div>
  );
}

/** One fact of the card (a term and its value); nothing without a value. */
function Fact({ name, term, value }: { name: string; term: string; value: React.ReactNode }) {
  if (value === null || value === '' || value === undefined) return null;
  return (
    <div className={`ekskul-card__fact ekskul-card__${name}`}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
