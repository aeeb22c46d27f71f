/** A law of parity or binary digits in words, with the --check that restates it. */
import type { CellLaw } from '../core/laws/cell-law.js';
import { formatCount } from '../core/numbers.js';

/** `P exactly when x % 2 == 0 and y % 2 == 0, on every one of the 441 cells with x, y <= 20 (observed, not proven; --check 'p == (…)')`; `what` names what was counted. */
export function cellLawText(law: CellLaw, what: string): string {
  return `P exactly when ${law.condition}, on every one of the ${formatCount(law.cells)} ${what} (observed, not proven; --check '${law.check}')`;
}
