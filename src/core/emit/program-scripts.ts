/**
 * The main of a Python or JavaScript program (--emit python|javascript
 * --program): standard input split at white space, heaps as integers of any
 * size (Python's int, JavaScript's BigInt), the answer gathered and written
 * once. The functions it calls come before it.
 */
import { MISERE_NIM_NOTE, NO_MOVE, partCode, programCodes, type ProgramModel } from './program.js';
import { javascriptOptions, optionConstants, pythonOptions } from './program-options.js';
import { JAVASCRIPT_START_MOVES, PYTHON_START_MOVES } from './program-table.js';
import { JAVASCRIPT_CASE_TABLE, PYTHON_CASE_TABLE } from './program-case.js';
import { WINNING_MOVES_LISTED } from '../positions/position.js';

const json = (v: unknown) => JSON.stringify(v);

/** The data both languages write the same way (JSON is a Python literal too, for these lists). */
function data(m: ProgramModel, language: 'python' | 'javascript'): Record<string, string> {
  const codes = programCodes(m);
  return {
    CASES: String(codes.cases),
    SENTINEL: json(m.layout.sentinel),
    COMPONENTS: String(codes.components),
    WIDTH: String(m.width),
    MODE: String(codes.mode),
    WORDS: json(m.answer.words),
    PREFIX: json(m.prefixParts),
    MOVE_FIELD: json(m.moveParts.map(partCode)),
    MOVE_TEXT: json(m.moveParts.map((p) => ('text' in p ? p.text : ''))),
    ...optionConstants(m, language),
    // A rule in each case: its set, read per case, and what goes between the answers of its positions.
    ...(m.layout.rule === null ? {} : { TAKES: '[]', BETWEEN: json(m.answer.between) }),
  };
}

export function pythonProgramMain(m: ProgramModel): string {
  const d = data(m, 'python');
  const answer =
    m.component !== 'heap'
      ? `def answer(h, out):
    if len(h) != WIDTH:
        sys.exit("a position of this game is one component (its program has is_p, not values to sum)")
${m.options === null ? '    out.append(WORDS[1] if is_p(*h) else WORDS[0])\n' : pythonTheoremMoves(m)}`
      : m.options === null && !m.misere
        ? `def answer(h, out):
    s = 0
    for x in h:
        s ^= grundy(x)
    out.append(WORDS[0] if s else WORDS[1])
`
        : pythonHeapAnswer(m);
  return `
# ---- the judge's layout and answer ----
import sys

${Object.entries(d).map(([k, v]) => `${k} = ${v}`).join('\n')}


${answer}
${m.layout.rule === null ? '' : `\n${PYTHON_CASE_TABLE}\n`}
def main():
    tokens = sys.stdin.buffer.read().split()
    at = 0

    def number():
        nonlocal at
        if at >= len(tokens):
            sys.exit("the input ends where a number was expected")
        t = tokens[at]
        at += 1
        if not t.isdigit():
            sys.exit("a token is not a whole number")
        return int(t)

    out = []
    cases = number() if CASES == 1 else 0
    k = 0
    while True:
        k += 1
        if (CASES == 0 and k > 1) or (CASES == 1 and k > cases) or (CASES == 3 and at >= len(tokens)):
            break
        if CASES == 2:
            if [t.decode() for t in tokens[at:at + len(SENTINEL)]] == SENTINEL:
                break
            if at >= len(tokens):
                sys.exit("the input ends before the sentinel")
${m.layout.rule === null ? PYTHON_ONE : PYTHON_RULE}
        out.append("\\n")
    sys.stdout.write("".join(out))


main()
`;
}

export function javascriptProgramMain(m: ProgramModel): string {
  const d = data(m, 'javascript');
  const answer =
    m.component !== 'heap'
      ? `function answer(h, out) {
  if (h.length !== WIDTH) die("a position of this game is one component (its program has isP, not values to sum)");
${m.options === null ? '  out.push(isP(...h) ? WORDS[1] : WORDS[0]);\n' : javascriptTheoremMoves(m)}}
`
      : m.options === null && !m.misere
        ? `function answer(h, out) {
  let s = 0n;
  for (const x of h) s ^= grundy(x);
  out.push(s !== 0n ? WORDS[0] : WORDS[1]);
}
`
        : javascriptHeapAnswer(m);
  return `
// ---- the judge's layout and answer ----
${Object.entries(d).map(([k, v]) => `${k === 'TAKES' && m.layout.rule !== null ? 'let' : 'const'} ${k} = ${v};`).join('\n')}

function die(why) {
  process.stderr.write(why + "\\n");
  process.exit(1);
}

${answer}
${m.layout.rule === null ? '' : `${JAVASCRIPT_CASE_TABLE}\n`}function main() {
  const tokens = require("fs").readFileSync(0, "latin1").split(/[ \\t\\n\\v\\f\\r]+/).filter((t) => t !== "");
  let at = 0;
  const number = () => {
    if (at >= tokens.length) die("the input ends where a number was expected");
    const t = tokens[at++];
    if (!/^[0-9]+$/.test(t)) die("a token is not a whole number");
    return BigInt(t);
  };
  const out = [];
  const cases = CASES === 1 ? number() : 0n;
  for (let k = 1; ; k++) {
    if ((CASES === 0 && k > 1) || (CASES === 1 && BigInt(k) > cases) || (CASES === 3 && at >= tokens.length)) break;
    if (CASES === 2) {
      if (SENTINEL.every((t, i) => tokens[at + i] === t)) break;
      if (at >= tokens.length) die("the input ends before the sentinel");
    }
${m.layout.rule === null ? JAVASCRIPT_ONE : JAVASCRIPT_RULE}
    out.push("\\n");
  }
  process.stdout.write(out.join(""));
}

main();
`;
}

/** One pair's or start heap's winning moves in Python, by the theorem: who wins, or the moves. */
function pythonTheoremMoves(m: ProgramModel): string {
  const o = m.options!;
  const moves =
    o.kind === 'vectors'
      ? `    # Each multiple of each move vector (dx, dy, the most multiples or None) that leaves a P-position, in sg-explore's order.
    start, found = (h[0], h[1]), []
    for dx, dy, cap in ${JSON.stringify(o.vectors.map((v) => [v.dx, v.dy, v.cap])).replaceAll('null', 'None')}:
        k = 1
        while (cap is None or k <= cap) and k * dx <= h[0] and k * dy <= h[1]:
            to = (h[0] - k * dx, h[1] - k * dy)
            if is_p(*to):
                found.append((k * (dx + dy), f"{to[0]}:{to[1]}", to))
            k += 1
    moves = [(take, to) for take, _, to in sorted(found)]`
      : o.kind === 'starts'
      ? PYTHON_START_MOVES
      : m.component === 'pair'
      ? `    start = (h[0], h[1])
    moves = [(h[0] - a + h[1] - b, (a, b)) for a, b in winning_moves(*start)]`
      : `    start = (h[0], h[0] - 1 if h[0] else 0)
    moves = [(t, (start[0] - t, min(start[0] - t, FN_K * t))) for t in winning_takes(*start)]`;
  return `    p = is_p(*h)
    if MODE == 0:
        out.append(WORDS[1] if p else WORDS[0])
        return
    if p:
        out.append("0" if MODE == 2 else WORDS[-1])
        return
${moves}
    if MODE == 2:
        out.append(str(len(moves)))
        return
    if MODE == 3 and len(WORDS) == 2:
        out.append(WORDS[0] + "\\n")
    for i, (take, to) in enumerate(moves[:1] if MODE == 1 else moves):
        if i:
            out.append("\\n")
        fields = {1: str(take), 2: "1", 3: f"{start[0]} {start[1]}", 4: f"{to[0]} {to[1]}", 5: f"{to[0]} {to[1]}"}
        for code, text in zip(MOVE_FIELD, MOVE_TEXT):
            out.append(text if code == 0 else fields[code])
`;
}

/** The same in JavaScript. */
function javascriptTheoremMoves(m: ProgramModel): string {
  const o = m.options!;
  const moves =
    o.kind === 'vectors'
      ? `  // Each multiple of each move vector [dx, dy, the most multiples or null] that leaves a P-position, in sg-explore's order.
  const start = [h[0], h[1]], found = [];
  for (const [dx, dy, cap] of ${JSON.stringify(o.vectors.map((v) => [v.dx, v.dy, v.cap]))}) {
    for (let k = 1n; (cap === null || k <= BigInt(cap)) && k * BigInt(dx) <= h[0] && k * BigInt(dy) <= h[1]; k++) {
      const to = [h[0] - k * BigInt(dx), h[1] - k * BigInt(dy)];
      if (isP(...to)) found.push([k * BigInt(dx + dy), to, to.join(":")]);
    }
  }
  const moves = found.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));`
      : o.kind === 'starts'
      ? JAVASCRIPT_START_MOVES
      : m.component === 'pair'
      ? `  const start = [h[0], h[1]];
  const moves = winningMoves(h[0], h[1]).map(([a, b]) => [h[0] - a + h[1] - b, [a, b]]);`
      : `  const start = [h[0], h[0] > 0n ? h[0] - 1n : 0n];
  const moves = winningTakes(start[0], start[1]).map((t) => [t, [start[0] - t, start[0] - t < FN_K * t ? start[0] - t : FN_K * t]]);`;
  return `  const p = isP(...h);
  if (MODE === 0) return void out.push(p ? WORDS[1] : WORDS[0]);
  if (p) return void out.push(MODE === 2 ? "0" : WORDS[WORDS.length - 1]);
${moves}
  if (MODE === 2) return void out.push(String(moves.length));
  if (MODE === 3 && WORDS.length === 2) out.push(WORDS[0] + "\\n");
  (MODE === 1 ? moves.slice(0, 1) : moves).forEach(([take, to], i) => {
    if (i > 0) out.push("\\n");
    const fields = { 1: String(take), 2: "1", 3: start.join(" "), 4: to.join(" "), 5: to.join(" ") };
    MOVE_FIELD.forEach((code, k) => out.push(code === 0 ? MOVE_TEXT[k] : fields[code]));
  });
`;
}

/** A case's one position, read and answered (Python). */
const PYTHON_ONE = `        n = number() if COMPONENTS == -1 else (len(tokens) - at) // WIDTH if COMPONENTS == -2 else COMPONENTS
        h = [number() for _ in range(n * WIDTH)]
        out.append(str(k).join(PREFIX))
        answer(h, out)`;

/** A case with a rule of its own: the set, the count of positions, their largest heap (read ahead), the table, then each position. */
const PYTHON_RULE = `        read_rule(number)
        positions = number()
        start, largest = at, 0
        for _ in range(positions):
            for _ in range(number() if COMPONENTS == -1 else COMPONENTS):
                largest = max(largest, number())
        at = start
        fill(largest)
        out.append(str(k).join(PREFIX))
        for p in range(positions):
            if p:
                out.append(BETWEEN)
            n = number() if COMPONENTS == -1 else COMPONENTS
            answer([number() for _ in range(n)], out)`;

const JAVASCRIPT_ONE = `    const n = COMPONENTS === -1 ? Number(number()) : COMPONENTS === -2 ? Math.floor((tokens.length - at) / WIDTH) : COMPONENTS;
    const h = Array.from({ length: n * WIDTH }, number);
    out.push(PREFIX.join(String(k)));
    answer(h, out);`;

const JAVASCRIPT_RULE = `    readRule(number);
    const positions = number(), start = at;
    let largest = 0n;
    for (let p = 0n; p < positions; p++) {
      for (let i = 0, n = COMPONENTS === -1 ? Number(number()) : COMPONENTS; i < n; i++) {
        const v = number();
        if (v > largest) largest = v;
      }
    }
    at = start;
    fill(largest);
    out.push(PREFIX.join(String(k)));
    for (let p = 0n; p < positions; p++) {
      if (p > 0n) out.push(BETWEEN);
      const n = COMPONENTS === -1 ? Number(number()) : COMPONENTS;
      answer(Array.from({ length: n }, number), out);
    }`;

/** Misère Nim's winning move on a heap by Bouton's misère rule, as (take, parts, 1) like options' (at most one: see MISERE_NIM_NOTE). */
const PYTHON_MISERE_OPTIONS = `# ${MISERE_NIM_NOTE} big, ones: the position's heaps of 2 or more and of 1.
big, ones = 0, 0


def misere_options(n, s):
    big_others, ones_others = big - (n >= 2), ones - (n == 1)
    to = s ^ n if big_others else 1 if ones_others % 2 == 0 else 0
    return [(n - to, [to], 1)] if to < n else []`;

const JAVASCRIPT_MISERE_OPTIONS = `// ${MISERE_NIM_NOTE} big, ones: the position's heaps of 2 or more and of 1.
let big = 0, ones = 0;
function misereOptions(n, s) {
  const bigOthers = big - (n >= 2n ? 1 : 0), onesOthers = ones - (n === 1n ? 1 : 0);
  const to = bigOthers > 0 ? s ^ n : onesOthers % 2 === 0 ? 1n : 0n;
  return to < n ? [[n - to, [to], 1n]] : [];
}`;

/** JavaScript's answer of a sum of heaps: who wins, or its winning moves (counted first, as in Python). */
function javascriptHeapAnswer(m: ProgramModel): string {
  const want = (x: string, count = 'true') => (m.misere ? `misereOptions(${x}, s)` : `options(${x}, grundy(${x}) ^ s, ${count})`);
  return `${m.misere ? JAVASCRIPT_MISERE_OPTIONS : javascriptOptions(m)}
function writeMove(h, i, take, parts, out) {
  const to = parts.length ? parts.join(" ") : "0";
  MOVE_FIELD.forEach((code, k) => {
    if (code === 0) out.push(MOVE_TEXT[k]);
    else if (code === 1) out.push(String(take));
    else if (code === 2) out.push(String(i + 1));
    else if (code === 3) out.push(String(h[i]));
    else if (code === 4) out.push(to);
    else out.push(h.map((x, j) => (j === i ? to : String(x))).join(" "));
  });
}

function answer(h, out) {
${
  m.misere
    ? `  let s = 0n;
  big = 0;
  ones = 0;
  for (const x of h) {
    s ^= x;
    if (x >= 2n) big++;
    if (x === 1n) ones++;
  }
  const won = big > 0 ? s !== 0n : ones % 2 === 0;`
    : `  let s = 0n;
  for (const x of h) s ^= grundy(x);
  const won = s !== 0n;`
}
  if (MODE === 0) return void out.push(won ? WORDS[0] : WORDS[1]);
  if (!won) return void out.push(MODE === 2 ? "0" : WORDS[WORDS.length - 1]);${m.misere ? `
  if (MODE !== 2 && big === 0 && ones === 0) die("${NO_MOVE}");` : ''}
  if (MODE !== 1) {
    let count = 0n;
    for (const x of h) for (const [, , times] of ${want('x')}) count += times;
    if (MODE === 2) return void out.push(String(count));
    if (count > ${WINNING_MOVES_LISTED}n) die("more than ${WINNING_MOVES_LISTED} winning moves: sg-explore lists at most that many");
  }
  if (MODE === 3 && WORDS.length === 2) out.push(WORDS[0] + "\\n");
  let first = true;
  for (let i = 0; i < h.length; i++) {
    for (const [take, parts] of ${want('h[i]', 'false')}) {
      if (!first) out.push("\\n");
      first = false;
      writeMove(h, i, take, parts, out);
      if (MODE === 1) return;
    }
  }
}
`;
}

/** Python's answer of a sum of heaps: who wins, or its winning moves (counted first: more than sg-explore lists is refused as it refuses). */
function pythonHeapAnswer(m: ProgramModel): string {
  const want = (x: string, count: string) => (m.misere ? `misere_options(${x}, s)` : `options(${x}, grundy(${x}) ^ s, ${count})`);
  return `${m.misere ? PYTHON_MISERE_OPTIONS : pythonOptions(m)}

def answer(h, out):
${
  m.misere
    ? `    global big, ones
    s, big, ones = 0, 0, 0
    for x in h:
        s ^= x
        big += x >= 2
        ones += x == 1
    won = s != 0 if big else ones % 2 == 0`
    : `    s = 0
    for x in h:
        s ^= grundy(x)
    won = s != 0`
}
    if MODE == 0:
        out.append(WORDS[0] if won else WORDS[1])
        return
    if not won:
        out.append("0" if MODE == 2 else WORDS[-1])
        return${m.misere ? `
    if MODE != 2 and big == 0 and ones == 0:
        sys.exit("${NO_MOVE}")` : ''}
    if MODE != 1:
        count = sum(times for x in h for _, _, times in ${want('x', 'True')})
        if MODE == 2:
            out.append(str(count))
            return
        if count > ${WINNING_MOVES_LISTED}:
            sys.exit("more than ${WINNING_MOVES_LISTED} winning moves: sg-explore lists at most that many")
    if MODE == 3 and len(WORDS) == 2:
        out.append(WORDS[0] + "\\n")
    first = True
    for i, x in enumerate(h):
        for take, parts, _ in ${want('x', 'False')}:
            if not first:
                out.append("\\n")
            first = False
            write_move(h, i, take, parts, out)
            if MODE == 1:
                return


def write_move(h, i, take, parts, out):
    to = " ".join(map(str, parts)) or "0"
    fields = {1: str(take), 2: str(i + 1), 3: str(h[i]), 4: to}
    for code, text in zip(MOVE_FIELD, MOVE_TEXT):
        if code == 0:
            out.append(text)
        elif code == 5:
            out.append(" ".join(to if j == i else str(x) for j, x in enumerate(h)))
        else:
            out.append(fields[code])
`;
}
