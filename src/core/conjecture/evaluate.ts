/**
 * A parsed conjecture turned into closures (one per node, made once), run
 * for every position of a table. Numbers are exact (whole bigints, or
 * elements of Q(√5) where phi or a division that is not whole appears);
 * a mistake that only shows at some position (a division by zero, the
 * square root of a negative number) is refused there, naming it.
 */
import { InputError, mention, quote, says } from '../errors.js';
import * as exact from './exact.js';
import type { Num } from './exact.js';
import type { Expression, Node } from './expression.js';

export type Value = Num | boolean;
/** The values of a table's variables at one position. */
export type Bindings = Readonly<Record<string, Value>>;
type Compiled = (env: Bindings) => Value;

/** The largest k of fib(k): F(10^5) has about 21,000 digits. */
export const MAX_FIB_INDEX = 100_000;
/** The most bits a power or a left shift may have (about 300,000 digits). */
const MAX_POWER_BITS = 1_000_000;

/** A mistake that shows only at a position: refused with the node's column (the position is added by the caller). */
export class EvaluationError extends Error {
  constructor(
    readonly column: number,
    readonly reason: string,
  ) {
    super(`column ${column}: ${reason}`);
  }
}

/** The text of a value: a number exactly (5, 7/2, 3*phi), or true/false. */
export function valueText(value: Value): string {
  return typeof value === 'boolean' ? String(value) : exact.numText(value);
}

const whole = (node: Node, x: Num, what: string): bigint => {
  if (typeof x !== 'bigint') throw new EvaluationError(node.start, `${what} needs a whole number, not ${exact.numText(x)}`);
  return x;
};

function fib(k: bigint): bigint {
  // Fast doubling: F(2m) = F(m)(2F(m+1) - F(m)), F(2m+1) = F(m)² + F(m+1)².
  let a = 0n;
  let b = 1n;
  for (const bit of k.toString(2)) {
    const c = a * (2n * b - a);
    const d = a * a + b * b;
    [a, b] = bit === '1' ? [d, c + d] : [c, d];
  }
  return a;
}

/** n ≥ 0 is a Fibonacci number exactly when 5n² + 4 or 5n² - 4 is a square (Gessel). */
export function isFibonacci(n: bigint): boolean {
  if (n < 0n) return false;
  const square = (m: bigint) => m >= 0n && exact.isqrt(m) ** 2n === m;
  return square(5n * n * n + 4n) || square(5n * n * n - 4n);
}

function power(node: Node, base: Num, exponent: Num): Num {
  const k = whole(node, exponent, "'**'");
  if (k < 0n) {
    if (exact.isZero(base)) throw new EvaluationError(node.start, `0 ** ${k} divides by zero`);
    return exact.div(1n, power(node, base, -k));
  }
  if (typeof base === 'bigint') {
    const bits = base === 0n || base === 1n || base === -1n ? 1 : base.toString(2).length;
    if (Number(k) * bits > MAX_POWER_BITS) throw new EvaluationError(node.start, `the power has more than ${MAX_POWER_BITS.toLocaleString('en-US')} bits`);
    return base ** k;
  }
  if (k > 10_000n) throw new EvaluationError(node.start, `a power of a number with phi goes up to ** 10000 here`);
  let result: Num = 1n;
  for (let i = 0n; i < k; i++) result = exact.mul(result, base);
  return result;
}

function compileNode(node: Node, text: string): Compiled {
  switch (node.kind) {
    case 'int': {
      const v = node.value;
      return () => v;
    }
    case 'bool': {
      const v = node.value;
      return () => v;
    }
    case 'var': {
      const name = node.name;
      if (name === 'phi') return () => exact.PHI;
      return (env) => env[name]!;
    }
    case 'neg': {
      const operand = compileNode(node.operand, text);
      return (env) => exact.negate(operand(env) as Num);
    }
    case 'not': {
      const operand = compileNode(node.operand, text);
      return (env) => !operand(env);
    }
    case 'invert': {
      // ~x = -x - 1: two's complement of an exact whole number, as in Python and in C on a signed x.
      const operand = compileNode(node.operand, text);
      return (env) => ~whole(node, operand(env) as Num, "'~'");
    }
    case 'logic': {
      const left = compileNode(node.left, text);
      const right = compileNode(node.right, text);
      return node.op === 'and' ? (env) => (left(env) as boolean) && (right(env) as boolean) : (env) => (left(env) as boolean) || (right(env) as boolean);
    }
    case 'binary':
      return binary(node, text);
    case 'compare': {
      const operands = node.operands.map((o) => compileNode(o, text));
      const ops = node.ops;
      return (env) => {
        let left = operands[0]!(env);
        for (let i = 0; i < ops.length; i++) {
          const right = operands[i + 1]!(env);
          if (!compareValues(ops[i]!, left, right)) return false;
          left = right;
        }
        return true;
      };
    }
    case 'call':
      return call(node, text);
  }
}

/** One comparison: booleans and numbers by == and !=, numbers by order too. */
export function compareValues(op: string, left: Value, right: Value): boolean {
  if (typeof left === 'boolean' || typeof right === 'boolean') return op === '==' ? left === right : left !== right;
  if (op === '==') return exact.equal(left, right);
  if (op === '!=') return !exact.equal(left, right);
  const c = exact.compare(left, right);
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
}

function binary(node: Extract<Node, { kind: 'binary' }>, text: string): Compiled {
  const left = compileNode(node.left, text);
  const right = compileNode(node.right, text);
  const nonZero = (y: Num): Num => {
    if (exact.isZero(y)) throw new EvaluationError(node.right.start, `division by zero: ${quote(sourceText(text, node.right))} is 0`);
    return y;
  };
  switch (node.op) {
    case '+':
      return (env) => exact.add(left(env) as Num, right(env) as Num);
    case '-':
      return (env) => exact.sub(left(env) as Num, right(env) as Num);
    case '*':
      return (env) => exact.mul(left(env) as Num, right(env) as Num);
    case '/':
      return (env) => exact.div(left(env) as Num, nonZero(right(env) as Num));
    case '//':
      return (env) => exact.floorDivide(left(env) as Num, nonZero(right(env) as Num));
    case '%':
      return (env) => exact.modulo(left(env) as Num, nonZero(right(env) as Num));
    case '**':
      return (env) => power(node, left(env) as Num, right(env) as Num);
    default:
      return bitwise(node, left, right);
  }
}

/** Bits of a whole number, by two's complement for a negative one (exact at any size, as Python's int). */
function bitwise(node: Extract<Node, { kind: 'binary' }>, left: Compiled, right: Compiled): Compiled {
  const what = quote(node.op);
  const operands = (env: Bindings): [bigint, bigint] => [whole(node, left(env) as Num, what), whole(node, right(env) as Num, what)];
  switch (node.op) {
    case '&':
      return (env) => {
        const [a, b] = operands(env);
        return a & b;
      };
    case '|':
      return (env) => {
        const [a, b] = operands(env);
        return a | b;
      };
    case '^':
      return (env) => {
        const [a, b] = operands(env);
        return a ^ b;
      };
    default: {
      const leftward = node.op === '<<';
      return (env) => {
        const [a, k] = operands(env);
        if (k < 0n) throw new EvaluationError(node.right.start, `a shift by a negative count (${k})`);
        if (!leftward) return a >> k; // floor(a / 2^k), -1 for a negative a shifted far
        if (a !== 0n && BigInt(bitLength(a)) + k > BigInt(MAX_POWER_BITS)) throw new EvaluationError(node.start, `the shift has more than ${MAX_POWER_BITS.toLocaleString('en-US')} bits`);
        return a << k;
      };
    }
  }
}

/** The number of bits of |x|. */
const bitLength = (x: bigint): number => (x < 0n ? -x : x).toString(2).length;

/** The count of trailing zero bits of x ≠ 0 (of |x|: two's complement keeps them). */
function trailingZeros(x: bigint): bigint {
  const low = x & -x;
  return BigInt(low.toString(2).length - 1);
}

function call(node: Extract<Node, { kind: 'call' }>, text: string): Compiled {
  const args = node.args.map((o) => compileNode(o, text));
  const [a] = args as [Compiled];
  switch (node.name) {
    case 'floor':
      return (env) => exact.floor(a(env) as Num);
    case 'ceil':
      return (env) => exact.ceil(a(env) as Num);
    case 'abs':
      return (env) => {
        const x = a(env) as Num;
        return exact.sign(x) < 0 ? exact.negate(x) : x;
      };
    case 'sqrt':
      return (env) => {
        const x = whole(node, a(env) as Num, 'sqrt');
        if (x < 0n) throw new EvaluationError(node.start, `sqrt of a negative number (${x})`);
        return exact.isqrt(x);
      };
    case 'min':
    case 'max': {
      const want = node.name === 'min' ? -1 : 1;
      return (env) => {
        let best = args[0]!(env) as Num;
        for (let i = 1; i < args.length; i++) {
          const x = args[i]!(env) as Num;
          if (exact.compare(x, best) === want) best = x;
        }
        return best;
      };
    }
    case 'fib':
      return (env) => {
        const k = whole(node, a(env) as Num, 'fib');
        if (k < 0n) throw new EvaluationError(node.start, `fib of a negative number (${k})`);
        if (k > BigInt(MAX_FIB_INDEX)) throw new EvaluationError(node.start, `fib(${k}) is too large (fib goes up to ${MAX_FIB_INDEX.toLocaleString('en-US')})`);
        return fib(k);
      };
    case 'lowbit':
      return (env) => {
        const x = whole(node, a(env) as Num, 'lowbit');
        return x & -x;
      };
    case 'ctz':
      return (env) => {
        const x = whole(node, a(env) as Num, 'ctz');
        if (x === 0n) throw new EvaluationError(node.start, 'ctz(0): 0 has no lowest set bit');
        return trailingZeros(x);
      };
    case 'popcount':
      return (env) => {
        const x = whole(node, a(env) as Num, 'popcount');
        if (x < 0n) throw new EvaluationError(node.start, `popcount of a negative number (${x}) has infinitely many one bits`);
        let count = 0n;
        for (const bit of x.toString(2)) if (bit === '1') count++;
        return count;
      };
    case 'is_fib':
      return (env) => {
        const x = a(env) as Num;
        return typeof x === 'bigint' && isFibonacci(x);
      };
    default:
      throw new RangeError(`no function ${node.name}`);
  }
}

/** An evaluator of a node: values at a position (an EvaluationError where it has none). */
export function compile(expression: Expression, node: Node = expression.root): (env: Bindings) => Value {
  return compileNode(node, expression.text);
}

const sourceText = (text: string, node: Node): string => text.slice(node.start - 1, node.end - 1).trim();

/** An EvaluationError at a position, as the input error it is: `check: column 9: … at n = 3`. */
export function atPosition(error: unknown, where: string): unknown {
  if (!(error instanceof EvaluationError)) return error;
  return new InputError(says`${mention('check')}: column ${error.column}: ${error.reason} at ${where}`, { code: 'bad-value', field: 'check', reason: `column ${error.column}: ${error.reason} at ${where}` });
}

export function evaluateExpression(expression: Expression, env: Bindings): Value {
  return compile(expression)(env);
}
