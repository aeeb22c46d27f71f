/**
 * The type a Java program (--emit java --program) sums values in: a long,
 * or a BigInteger where G(n) can pass 2^63 - 1 for a heap up to 2^63 - 1
 * (Lasker's Nim: saltus 4 over period 4), as SG.grundy then returns one
 * (java.ts); long everywhere else. Each operation as the code it writes.
 */
import { javaBigValues } from './java.js';
import type { ProgramModel } from './program.js';

export interface JavaValue {
  readonly type: string;
  readonly zero: string;
  xor(a: string, b: string): string;
  same(a: string, b: string): string;
  differ(a: string, b: string): string;
  isZero(a: string): string;
}

const LONG_VALUE: JavaValue = { type: 'long', zero: '0', xor: (a, b) => `(${a} ^ ${b})`, same: (a, b) => `${a} == ${b}`, differ: (a, b) => `${a} != ${b}`, isZero: (a) => `${a} == 0` };
const BIG_VALUE: JavaValue = {
  type: 'java.math.BigInteger',
  zero: 'java.math.BigInteger.ZERO',
  xor: (a, b) => `${a}.xor(${b})`,
  same: (a, b) => `${a}.equals(${b})`,
  differ: (a, b) => `!${a}.equals(${b})`,
  isZero: (a) => `${a}.signum() == 0`,
};

/** The value type of a program's sums and wanted values. */
export function javaValue(m: ProgramModel): JavaValue {
  return m.code.kind === 'heap-cycle' && javaBigValues(m.code) ? BIG_VALUE : LONG_VALUE;
}
