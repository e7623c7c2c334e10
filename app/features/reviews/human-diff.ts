/** "3 hari yang lalu": how long ago an ISO time was, in Indonesian (the wire's `date.human_diff`). */
export function humanDiff(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return '';
  const steps: Array<[limit: number, size: number, unit: string]> = [
    [3600, 60, 'menit'],
    [86_400, 3600, 'jam'],
    [7 * 86_400, 86_400, 'hari'],
    [30 * 86_400, 7 * 86_400, 'minggu'],
    [365 * 86_400, 30 * 86_400, 'bulan'],
    [Number.POSITIVE_INFINITY, 365 * 86_400, 'tahun'],
  ];
  if (seconds < 60) return 'baru saja';
  for (const [limit, size, unit] of steps) {
    if (seconds < limit) return `${Math.floor(seconds / size)} ${unit} yang lalu`;
  }
  return '';
}
