/** A whole number with its thousands grouped by commas (1,000,000): by hand, since Intl's first use costs tens of milliseconds of start-up. */
export function groupDigits(n: number | bigint): string {
  return BigInt(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
