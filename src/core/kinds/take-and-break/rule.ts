import { codeText, isOctal, type TakeBreakCode } from '../../rules/code.js';

/** Take-and-break games: octal, hexadecimal, and splits such as Grundy's game (4!.0). */
export interface TakeBreakRule {
  readonly kind: 'take-and-break';
  readonly code: TakeBreakCode;
}

/** The class of a code as the canonical text names it: octal, hexadecimal, or take-and-break (unequal splits). */
export function codeClass(code: TakeBreakCode): 'octal' | 'hexadecimal' | 'take-and-break' {
  return code.unequal.some(Boolean) ? 'take-and-break' : isOctal(code) ? 'octal' : 'hexadecimal';
}

export function takeBreakText(rule: TakeBreakRule): string {
  return `${codeClass(rule.code)} ${codeText(rule.code)}`;
}
