/**
 * A record's id as an address or a form names it (`/admin/agenda/12/`, `ulasan_12`): a positive whole
 * number written plainly (no sign, no leading zero, no exponent) that fits the databases' integer;
 * null when it cannot name a row.
 */
export function recordId(raw: string | undefined | null): number | null {
  return raw != null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
