/**
 * The language of a conjecture (`--check 'p == (n % 5 == 0)'`): a small
 * tokenizer and a recursive-descent parser into a typed tree, never eval.
 * Precedence, loosest first (as in Python): or; and; not; comparisons
 * (== != < <= > >=, chains a < b <= c meaning a < b and b <= c); | ; ^ ;
 * & ; << >>; + -; * / // %; unary - + ~; ** (right to left, binding
 * tighter than a unary minus on its left: -2**2 = -4); calls, names,
 * literals, parentheses. The bit operators keep C's order among themselves
 * and against + - (C and Python agree there); where the two languages part,
 * a comparison of a bitwise | ^ & written without parentheses
 * (`x & y == 0`: C reads x & (y == 0)), the expression is refused and asks
 * for the parentheses, so a reader from either language reads it right.
 * Numbers and truth values are two types, checked here: a mistake in the
 * expression is refused before any value is computed, with its column.
 */
import { InputError, mention, quote, says } from '../errors.js';

export type Type = 'number' | 'bool';

export type BitOp = '&' | '|' | '^' | '<<' | '>>';
export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**' | BitOp;
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A node of the tree, with where it was written (columns from 1; `end` is one past its last character). */
export type Node = (
  | { readonly kind: 'int'; readonly value: bigint }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'var'; readonly name: string }
  | { readonly kind: 'neg'; readonly operand: Node }
  | { readonly kind: 'invert'; readonly operand: Node }
  | { readonly kind: 'not'; readonly operand: Node }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Node; readonly right: Node }
  | { readonly kind: 'logic'; readonly op: 'and' | 'or'; readonly left: Node; readonly right: Node }
  | { readonly kind: 'compare'; readonly operands: readonly Node[]; readonly ops: readonly CompareOp[] }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Node[] }
) & { readonly type: Type; readonly start: number; readonly end: number };

/** What a function takes and gives. */
export interface FunctionSpec {
  readonly args: readonly Type[] | 'numbers';
  readonly result: Type;
  readonly describe: string;
}

export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  floor: { args: ['number'], result: 'number', describe: 'the greatest whole number ≤ x' },
  ceil: { args: ['number'], result: 'number', describe: 'the least whole number ≥ x' },
  sqrt: { args: ['number'], result: 'number', describe: 'the integer square root floor(√x) of a whole x ≥ 0' },
  abs: { args: ['number'], result: 'number', describe: '|x|' },
  min: { args: 'numbers', result: 'number', describe: 'the least of two or more numbers' },
  max: { args: 'numbers', result: 'number', describe: 'the greatest of two or more numbers' },
  fib: { args: ['number'], result: 'number', describe: 'the Fibonacci number F(k), F(0) = 0, F(1) = 1' },
  is_fib: { args: ['number'], result: 'bool', describe: 'whether n is a Fibonacci number' },
  lowbit: { args: ['number'], result: 'number', describe: 'the lowest set bit of x, x & -x (lowbit(12) = 4, lowbit(0) = 0)' },
  ctz: { args: ['number'], result: 'number', describe: 'the count of trailing zero bits of x ≠ 0 (ctz(12) = 2)' },
  popcount: { args: ['number'], result: 'number', describe: 'the number of one bits of a whole x ≥ 0' },
};

/** The entry `name` of a table of names: its own, never one inherited from Object.prototype (`constructor`, `__proto__`). */
function own<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Names that are constants. */
export const CONSTANTS: Readonly<Record<string, Type>> = { phi: 'number' };

/** A conjecture, parsed: its text, tree, and the variables it reads. */
export interface Expression {
  readonly text: string;
  readonly root: Node;
  readonly variables: ReadonlySet<string>;
}

/** The variables a game's table offers, each with its type (the parser is told which). */
export type Variables = Readonly<Record<string, Type>>;

/** The longest expression read (a conjecture is a line, not a file). */
export const MAX_EXPRESSION_CHARS = 10_000;
/** The deepest nesting read (parentheses, operators): the parser recurses. */
const MAX_DEPTH = 200;

type Token =
  | { readonly kind: 'int'; readonly text: string; readonly start: number; readonly end: number }
  | { readonly kind: 'name'; readonly text: string; readonly start: number; readonly end: number }
  | { readonly kind: 'op'; readonly text: string; readonly start: number; readonly end: number }
  | { readonly kind: 'end'; readonly text: ''; readonly start: number; readonly end: number };

const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', '<<', '>>', '+', '-', '*', '/', '%', '<', '>', '&', '|', '^', '~', '(', ')', ','];
const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false']);

/** An error at a column of the expression. */
function fail(column: number, reason: string): never {
  throw new InputError(says`${mention('check')}: column ${column}: ${reason}`, { code: 'bad-value', field: 'check', reason: `column ${column}: ${reason}` });
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i + 1;
    if (/[0-9]/.test(ch)) {
      let j = i;
      while (j < text.length && /[0-9_]/.test(text[j]!)) j++;
      if (text[j] === '.' || /[eE]/.test(text[j] ?? '')) fail(j + 1, `only whole numbers are written here (for a fraction write a division such as 3/2)`);
      if (/[A-Za-z]/.test(text[j] ?? '')) fail(j + 1, `a number runs into a name: ${quote(text.slice(i, j + 1))} (put an operator between them, such as *)`);
      const digits = text.slice(i, j);
      if (/_$|__/.test(digits)) fail(i + 1, `${quote(digits)} is no number (an underscore goes between digits)`);
      tokens.push({ kind: 'int', text: digits.replace(/_/g, ''), start, end: j + 1 });
      i = j;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j]!)) j++;
      tokens.push({ kind: 'name', text: text.slice(i, j), start, end: j + 1 });
      i = j;
      continue;
    }
    if (ch === 'φ') {
      // The golden ratio as it is printed (the reports write ⌊kφ⌋): the same as phi.
      tokens.push({ kind: 'name', text: 'phi', start, end: start + 1 });
      i++;
      continue;
    }
    if ((ch === '&' || ch === '|') && text[i + 1] === ch) fail(start, `${quote(ch + ch)} is no operator here: write and, or, not (${quote(ch)} alone is the bitwise one)`);
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ kind: 'op', text: op, start, end: start + op.length });
      i += op.length;
      continue;
    }
    if (ch === '=') fail(start, "'=' alone is no operator: write == to compare");
    if (ch === '!') fail(start, `'!' is no operator here: write not`);
    fail(start, `unexpected character ${quote(ch)}`);
  }
  tokens.push({ kind: 'end', text: '', start: text.length + 1, end: text.length + 1 });
  return tokens;
}

const COMPARE_OPS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

/** What a person calls a type. */
const typeWords = (type: Type) => (type === 'number' ? 'a number' : 'true or false');

class Parser {
  private at = 0;
  private depth = 0;
  readonly used = new Set<string>();
  /** Nodes written inside parentheses of their own (a bitwise operand of a comparison must be). */
  private readonly parenthesized = new WeakSet<Node>();

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly variables: Variables,
  ) {}

  private peek(): Token {
    return this.tokens[this.at]!;
  }

  private next(): Token {
    return this.tokens[this.at++]!;
  }

  private isOp(text: string): boolean {
    const t = this.peek();
    return (t.kind === 'op' || t.kind === 'name') && t.text === text;
  }

  /** What was written from `start` to `end` (columns), for messages. */
  source(node: { start: number; end: number }): string {
    return this.text.slice(node.start - 1, node.end - 1).trim();
  }

  private tokenWords(token: Token): string {
    return token.kind === 'end' ? 'the end of the expression' : quote(token.text);
  }

  parse(): Node {
    const root = this.or();
    const rest = this.peek();
    if (rest.kind !== 'end') {
      if (rest.kind === 'op' && rest.text === ')') fail(rest.start, `')' with no '(' before it`);
      fail(rest.start, `expected an operator after ${quote(this.source(root))}, found ${this.tokenWords(rest)}`);
    }
    return root;
  }

  private deeper<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) fail(this.peek().start, `nested more than ${MAX_DEPTH} deep`);
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private want(node: Node, type: Type, what: string): void {
    if (node.type !== type) fail(node.start, `${what} needs ${typeWords(type)}, but ${quote(this.source(node))} is ${typeWords(node.type)}`);
  }

  private or(): Node {
    return this.logic('or', () => this.and());
  }

  private and(): Node {
    return this.logic('and', () => this.not());
  }

  /** Operands joined by one logical operator, left to right; both sides must be true/false. */
  private logic(op: 'or' | 'and', operand: () => Node): Node {
    let left = operand();
    while (this.isOp(op)) {
      this.next();
      const right = operand();
      this.want(left, 'bool', `'${op}'`);
      this.want(right, 'bool', `'${op}'`);
      left = { kind: 'logic', op, left, right, type: 'bool', start: left.start, end: right.end };
    }
    return left;
  }

  private not(): Node {
    if (!this.isOp('not')) return this.comparison();
    const token = this.next();
    const operand = this.deeper(() => this.not());
    this.want(operand, 'bool', "'not'");
    return { kind: 'not', operand, type: 'bool', start: token.start, end: operand.end };
  }

  private comparison(): Node {
    const first = this.bitOr();
    const operands: Node[] = [first];
    const ops: CompareOp[] = [];
    while (this.peek().kind === 'op' && COMPARE_OPS.has(this.peek().text)) {
      const op = this.next().text as CompareOp;
      const right = this.bitOr();
      if (operands.length === 1) this.unambiguous(first, op);
      this.unambiguous(right, op);
      const left = operands[operands.length - 1]!;
      if (op === '==' || op === '!=') {
        if (left.type !== right.type) fail(right.start, `${quote(op)} compares like with like, but ${quote(this.source(left))} is ${typeWords(left.type)} and ${quote(this.source(right))} is ${typeWords(right.type)}`);
      } else {
        this.want(left, 'number', quote(op));
        this.want(right, 'number', quote(op));
      }
      ops.push(op);
      operands.push(right);
    }
    if (ops.length === 0) return first;
    return { kind: 'compare', operands, ops, type: 'bool', start: first.start, end: operands[operands.length - 1]!.end };
  }

  /** A bitwise | ^ & compared without parentheses: C and Python read it differently, so it is refused. */
  private unambiguous(node: Node, op: CompareOp): void {
    if (node.kind !== 'binary' || !(node.op === '&' || node.op === '|' || node.op === '^') || this.parenthesized.has(node)) return;
    const written = this.source(node);
    fail(node.start, `write (${written}) ${op} … with parentheses: C reads a ${quote(node.op)} beside ${quote(op)} the other way round (its comparisons bind tighter)`);
  }

  private bitOr(): Node {
    return this.bitwise(['|'], () => this.bitXor());
  }

  private bitXor(): Node {
    return this.bitwise(['^'], () => this.bitAnd());
  }

  private bitAnd(): Node {
    return this.bitwise(['&'], () => this.shift());
  }

  private shift(): Node {
    return this.bitwise(['<<', '>>'], () => this.sum());
  }

  /** Operands joined left to right by any of `ops` (numbers both sides). */
  private bitwise(ops: readonly BitOp[], operand: () => Node): Node {
    let left = operand();
    while (ops.some((op) => this.isOp(op))) {
      const op = this.next().text as BitOp;
      left = this.arithmetic(op, left, operand());
    }
    return left;
  }

  private sum(): Node {
    let left = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.next().text as BinaryOp;
      left = this.arithmetic(op, left, this.term());
    }
    return left;
  }

  private term(): Node {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const op = this.next().text as BinaryOp;
      left = this.arithmetic(op, left, this.unary());
    }
    return left;
  }

  private arithmetic(op: BinaryOp, left: Node, right: Node): Node {
    this.want(left, 'number', quote(op));
    this.want(right, 'number', quote(op));
    return { kind: 'binary', op, left, right, type: 'number', start: left.start, end: right.end };
  }

  private unary(): Node {
    if (this.isOp('-') || this.isOp('+') || this.isOp('~')) {
      const token = this.next();
      const operand = this.deeper(() => this.unary());
      this.want(operand, 'number', quote(token.text));
      if (token.text === '+') {
        const node = { ...operand, start: token.start };
        if (this.parenthesized.has(operand)) this.parenthesized.add(node);
        return node;
      }
      if (token.text === '~') return { kind: 'invert', operand, type: 'number', start: token.start, end: operand.end };
      return { kind: 'neg', operand, type: 'number', start: token.start, end: operand.end };
    }
    return this.power();
  }

  private power(): Node {
    const base = this.primary();
    if (!this.isOp('**')) return base;
    this.next();
    // Right to left, and the exponent may carry its own sign: 2**-1, 2**3**2 = 2**9.
    const exponent = this.deeper(() => this.unary());
    return this.arithmetic('**', base, exponent);
  }

  private primary(): Node {
    const token = this.next();
    if (token.kind === 'int') return { kind: 'int', value: BigInt(token.text), type: 'number', start: token.start, end: token.end };
    if (token.kind === 'op' && token.text === '(') {
      const inner = this.deeper(() => this.or());
      const close = this.peek();
      if (!(close.kind === 'op' && close.text === ')')) fail(close.start, `expected ')' after ${quote(this.source(inner))}, found ${this.tokenWords(close)}`);
      this.next();
      const node = { ...inner, start: token.start, end: close.end };
      this.parenthesized.add(node);
      return node;
    }
    if (token.kind === 'name') {
      if (token.text === 'true' || token.text === 'false') return { kind: 'bool', value: token.text === 'true', type: 'bool', start: token.start, end: token.end };
      if (KEYWORDS.has(token.text)) fail(token.start, `expected a value before ${quote(token.text)}`);
      if (this.isOp('(')) return this.call(token);
      return this.variable(token);
    }
    if (token.kind === 'end') fail(token.start, this.at > 1 ? `the expression ends too soon, after ${quote(this.source({ start: 1, end: token.start }))}` : 'the expression is empty');
    fail(token.start, `expected a value, found ${this.tokenWords(token)}`);
  }

  private variable(token: Token): Node {
    const name = token.text;
    const type = own(this.variables, name) ?? own(CONSTANTS, name);
    if (type === undefined) {
      if (own(FUNCTIONS, name)) fail(token.end, `${name} is a function: write ${name}(…)`);
      fail(token.start, `unknown name ${quote(name)}; this game's table has ${availableWords(this.variables)}`);
    }
    if (own(this.variables, name) !== undefined) this.used.add(name);
    return { kind: 'var', name, type, start: token.start, end: token.end };
  }

  private call(token: Token): Node {
    const name = token.text;
    const spec = own(FUNCTIONS, name);
    if (!spec) {
      if (own(this.variables, name) || own(CONSTANTS, name)) fail(token.end, `${name} is no function (put an operator such as * after it)`);
      fail(token.start, `unknown function ${quote(name)}; the functions are ${Object.keys(FUNCTIONS).join(', ')}`);
    }
    this.next(); // (
    const args: Node[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.deeper(() => this.or()));
        if (!this.isOp(',')) break;
        this.next();
      }
    }
    const close = this.peek();
    if (!(close.kind === 'op' && close.text === ')')) {
      const last = args[args.length - 1];
      fail(close.start, `expected ',' or ')' ${last ? `after ${quote(this.source(last))}` : `after '${name}('`}, found ${this.tokenWords(close)}`);
    }
    this.next();
    if (spec.args === 'numbers') {
      if (args.length < 2) fail(token.start, `${name} takes two or more numbers, not ${args.length}`);
      args.forEach((a) => this.want(a, 'number', name));
    } else {
      if (args.length !== spec.args.length) fail(token.start, `${name} takes ${spec.args.length} argument${spec.args.length === 1 ? '' : 's'}, not ${args.length}`);
      args.forEach((a, i) => this.want(a, spec.args[i] as Type, name));
    }
    return { kind: 'call', name, args, type: spec.result, start: token.start, end: close.end };
  }
}

/** `n (heap size), g (Grundy value) and p (...)`: what a table offers, for messages. */
export function availableWords(variables: Variables): string {
  const names = Object.keys(variables);
  const listed = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `the variables ${listed} (and the constant phi)`;
}

/**
 * Parse `text` for a table with `variables` (name → type). Every mistake,
 * including a type error or a name the table lacks, is an InputError of the
 * field `check` that names the column.
 */
export function parseExpression(text: string, variables: Variables): Expression {
  if (text.length > MAX_EXPRESSION_CHARS) throw new InputError(says`${mention('check')}: the expression is ${text.length} characters long; at most ${MAX_EXPRESSION_CHARS} are read`, { code: 'too-large', field: 'check' });
  const parser = new Parser(text, tokenize(text), variables);
  const root = parser.parse();
  if (root.type !== 'bool') fail(root.start, `a conjecture is true or false, but ${quote(parser.source(root))} is a number (compare it: == != < <= > >=)`);
  return { text, root, variables: parser.used };
}

/** What was written for a node. */
export function sourceOf(expression: Expression, node: Node): string {
  return expression.text.slice(node.start - 1, node.end - 1).trim();
}

/** m when `variable` is the name and `literal` a whole number m = 2^k - 1 (k ≥ 1) written out, else null. */
function lowBitsMask(variable: Node, literal: Node, name: string): bigint | null {
  if (variable.kind !== 'var' || variable.name !== name || literal.kind !== 'int') return null;
  const m = literal.value;
  return m > 0n && (m & (m + 1n)) === 0n ? m : null;
}

/**
 * The moduli m of every `n % m` (or `n & m` with m = 2^k - 1, the same as n % 2^k) when the expression reads `name` only so
 * (`name` directly left of % and a positive whole number literally right of
 * it), or null when it reads `name` any other way. An expression that does
 * not read it gives [].
 */
export function onlyThroughModulus(root: Node, name: string): bigint[] | null {
  const moduli: bigint[] = [];
  let other = false;
  const visit = (node: Node): void => {
    switch (node.kind) {
      case 'var':
        if (node.name === name) other = true;
        return;
      case 'binary':
        if (node.op === '%' && node.left.kind === 'var' && node.left.name === name && node.right.kind === 'int' && node.right.value > 0n) {
          moduli.push(node.right.value);
          return;
        }
        // n & (2^k - 1) is n % 2^k, for every whole n (two's complement and Python's % agree).
        const mask = node.op === '&' ? lowBitsMask(node.left, node.right, name) ?? lowBitsMask(node.right, node.left, name) : null;
        if (mask !== null) {
          moduli.push(mask + 1n);
          return;
        }
        visit(node.left);
        visit(node.right);
        return;
      case 'neg':
      case 'invert':
      case 'not':
        visit(node.operand);
        return;
      case 'logic':
        visit(node.left);
        visit(node.right);
        return;
      case 'compare':
        node.operands.forEach(visit);
        return;
      case 'call':
        node.args.forEach(visit);
        return;
      default:
        return;
    }
  };
  visit(root);
  return other ? null : moduli;
}
