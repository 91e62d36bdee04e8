const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a submission has waited, in words: 'less than an hour', '5 hours', '3 days'. */
export function ageText(ms: number): string {
  if (ms < HOUR) return 'less than an hour';
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  const days = Math.floor(ms / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}
