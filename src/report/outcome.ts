/** P when the previous player wins (value 0), N otherwise. */
export function outcome(value: number | bigint): 'P' | 'N' {
  return value == 0 ? 'P' : 'N';
}
