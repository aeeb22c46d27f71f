/**
 * A program's winning moves from a table of options (--emit --program under
 * a rule module, whose options live in the module and so are written as
 * data: see src/core/heap/option-table.ts): heap n's options, each what the
 * move leaves, for n up to the table's end; a larger heap's are not known,
 * and options(n) stops the program with a message naming it. The values of
 * what is left come from grundy (the pattern, or the table of values).
 */
import type { OptionTable } from '../heap/option-table.js';
import type { StartMovesTable } from './models.js';
import { builtString } from './java.js';
import type { JavaValue } from './java-value.js';
import { numberLines } from './source.js';

const NOTE = "the options of heaps 0..OPT_UPTO: heap n's are the options OPT_HEAP[n] to OPT_HEAP[n + 1] - 1, and option o leaves the heaps OPT_PARTS[OPT_START[o]] to OPT_PARTS[OPT_START[o + 1] - 1]";

/** The message of a heap past the table, as each language builds it. */
const past = (n: string, upTo: string, join: (parts: string[]) => string) => join(['"the options of a heap of "', n, `" are not in this program's table, which ends at heap "`, upTo]);

const lines = (list: Uint32Array, indent: string) => numberLines(Array.from(list, BigInt), String, indent, 16);
/** The most parts one option leaves (a buffer's size in C). */
const mostParts = (t: OptionTable) => t.optionStarts.reduce((most, start, o) => (o === 0 ? most : Math.max(most, start - t.optionStarts[o - 1]!)), 1);

/** The table in C or C++, and options(n, want) visiting each option of value want. */
export function cTableOptions(t: OptionTable): string {
  const array = (name: string, list: Uint32Array) => `static const unsigned ${name}[] = {\n${list.length ? lines(list, '    ') : '    0'}\n};\n`;
  return `
/* ${NOTE} */
static const unsigned long long OPT_UPTO = ${t.upTo};
${array('OPT_HEAP', t.heapStarts)}${array('OPT_START', t.optionStarts)}${array('OPT_PARTS', t.parts)}enum { OPT_MOST = ${mostParts(t)} };
static unsigned long long opt_to[OPT_MOST];

static int options(unsigned long long n, sg_value want) {
    if (n > OPT_UPTO) {
        fprintf(stderr, "the options of a heap of %llu are not in this program's table, which ends at heap %llu\\n", n, OPT_UPTO);
        exit(1);
    }
    for (unsigned o = OPT_HEAP[n]; o < OPT_HEAP[n + 1]; o++) {
        sg_value v = 0;
        unsigned long long left = 0;
        int parts = 0;
        for (unsigned p = OPT_START[o]; p < OPT_START[o + 1]; p++) {
            opt_to[parts++] = OPT_PARTS[p];
            left += OPT_PARTS[p];
            v ^= grundy(OPT_PARTS[p]);
        }
        if (v == want && !visit(n - left, opt_to, parts)) return 0;
    }
    return 1;
}
`;
}

/** The table's constants in Python or JavaScript (plain numbers; JavaScript's bound a BigInt). */
export function scriptTableConstants(t: OptionTable, language: 'python' | 'javascript'): Record<string, string> {
  const list = (a: Uint32Array) => `[\n${lines(a, '    ')}\n]`;
  return { OPT_UPTO: language === 'python' ? String(t.upTo) : `${t.upTo}n`, OPT_HEAP: list(t.heapStarts), OPT_START: list(t.optionStarts), OPT_PARTS: list(t.parts) };
}

export function pythonTableOptions(head: string): string {
  return `${head}    # ${NOTE}
    if n > OPT_UPTO:
        sys.exit(${past('str(n)', 'str(OPT_UPTO)', (p) => p.join(' + '))})
    for o in range(OPT_HEAP[n], OPT_HEAP[n + 1]):
        parts = OPT_PARTS[OPT_START[o]:OPT_START[o + 1]]
        v = 0
        for x in parts:
            v ^= grundy(x)
        if v == want:
            yield n - sum(parts), parts, 1
`;
}

export function javascriptTableOptions(head: string): string {
  return `${head}  // ${NOTE}
  if (n > OPT_UPTO) die(${past('n', 'OPT_UPTO', (p) => p.join(' + '))});
  for (let o = OPT_HEAP[Number(n)]; o < OPT_HEAP[Number(n) + 1]; o++) {
    const parts = OPT_PARTS.slice(OPT_START[o], OPT_START[o + 1]).map(BigInt);
    let v = 0n, left = 0n;
    for (const x of parts) (v ^= grundy(x)), (left += x);
    if (v === want) yield [n - left, parts, 1n];
  }
}
`;
}

/** Java int arrays `name`[0..], read from text in a static block (a method's code, array initialisers included, is at most 64 KB). */
function javaLists(name: string, lists: readonly Uint32Array[]): string {
  return `    static final int[][] ${name} = new int[${lists.length}][];
${builtString(`${name}_TEXT`, lists.map((a) => a.join(',')).join(';'))}    static {
        String[] lists = ${name}_TEXT.split(";", -1);
        for (int i = 0; i < ${lists.length}; i++) {
            String[] words = lists[i].isEmpty() ? new String[0] : lists[i].split(",");
            ${name}[i] = new int[words.length];
            for (int j = 0; j < words.length; j++) ${name}[i][j] = Integer.parseInt(words[j]);
        }
    }
`;
}

/** Java: the table read from text in a static block (a method's code, array initialisers included, is at most 64 KB), and options. */
export function javaTableOptions(t: OptionTable, v: JavaValue): string {
  return `    // ${NOTE}
    static final long OPT_UPTO = ${t.upTo}L;
${javaLists('OPT', [t.heapStarts, t.optionStarts, t.parts])}
    static boolean options(long n, ${v.type} want) {
        if (n > OPT_UPTO) die(${past('n', 'OPT_UPTO', (p) => p.join(' + '))});
        int[] heap = OPT[0], start = OPT[1], parts = OPT[2];
        for (int o = heap[(int) n]; o < heap[(int) n + 1]; o++) {
            long[] to = new long[start[o + 1] - start[o]];
            ${v.type} v = ${v.zero};
            long left = 0;
            for (int p = 0; p < to.length; p++) {
                to[p] = parts[start[o] + p];
                left += to[p];
                v = ${v.xor('v', 'SG.grundy(to[p])')};
            }
            if (${v.same('v', 'want')} && !visit(n - left, to)) return false;
        }
        return true;
    }
`;
}

/*
 * A heap with memory under an observed law of its start heaps (--use-observed): is_p answers any start heap by the law,
 * and its winning moves come from a table, as computed: start heap n's (n <= START_UPTO) are the moves START_AT[n] to
 * START_AT[n + 1] - 1, each taking START_TAKE[i] and leaving the state (n - START_TAKE[i], START_CAP[i]).
 */
const START_NOTE = "the winning moves of start heaps 0..START_UPTO, as computed: heap n's take START_TAKE[i], leaving (n - START_TAKE[i], START_CAP[i]), for START_AT[n] <= i < START_AT[n + 1]";
const startPast = (n: string, join: (parts: string[]) => string) => join(['"the winning moves of a start heap of "', n, `" are not in this program's table, which ends at heap "`, 'START_UPTO']);

export function cStartData(t: StartMovesTable): string {
  const array = (name: string, list: Uint32Array) => `static const unsigned ${name}[] = {\n${list.length ? lines(list, '    ') : '    0'}\n};\n`;
  return `/* ${START_NOTE} */\nstatic const unsigned long long START_UPTO = ${t.upTo};\n${array('START_AT', t.at)}${array('START_TAKE', t.takes)}${array('START_CAP', t.caps)}`;
}

export const C_START_MOVES = `    from[0] = (long long)heaps[0];
    from[1] = from[0] > 0 ? from[0] - 1 : 0;
    if (heaps[0] > START_UPTO) {
        fprintf(stderr, "the winning moves of a start heap of %llu are not in this program's table, which ends at heap %llu\\n", heaps[0], START_UPTO);
        exit(1);
    }
    int count = 0;
    for (unsigned i = START_AT[heaps[0]]; i < START_AT[heaps[0] + 1]; i++) {
        if (count == room) {
            to = (long long (*)[2])realloc(to, (room *= 2) * sizeof *to);
            take = (unsigned long long *)realloc(take, room * sizeof *take);
        }
        take[count] = START_TAKE[i];
        to[count][0] = from[0] - START_TAKE[i];
        to[count++][1] = START_CAP[i];
    }`;

export function scriptStartConstants(t: StartMovesTable, language: 'python' | 'javascript'): Record<string, string> {
  const list = (a: Uint32Array) => `[\n${lines(a, '    ')}\n]`;
  return { START_UPTO: language === 'python' ? String(t.upTo) : `${t.upTo}n`, START_AT: list(t.at), START_TAKE: list(t.takes), START_CAP: list(t.caps) };
}

export const PYTHON_START_MOVES = `    # ${START_NOTE}
    start = (h[0], h[0] - 1 if h[0] else 0)
    if h[0] > START_UPTO:
        sys.exit(${startPast('str(h[0])', (p) => p.join(' + ').replace('START_UPTO', 'str(START_UPTO)'))})
    moves = [(START_TAKE[i], (h[0] - START_TAKE[i], START_CAP[i])) for i in range(START_AT[h[0]], START_AT[h[0] + 1])]`;

export const JAVASCRIPT_START_MOVES = `  // ${START_NOTE}
  const start = [h[0], h[0] > 0n ? h[0] - 1n : 0n];
  if (h[0] > START_UPTO) die(${startPast('h[0]', (p) => p.join(' + '))});
  const moves = [];
  for (let i = START_AT[Number(h[0])]; i < START_AT[Number(h[0]) + 1]; i++) moves.push([BigInt(START_TAKE[i]), [h[0] - BigInt(START_TAKE[i]), BigInt(START_CAP[i])]]);`;

export function javaStartData(t: StartMovesTable): string {
  return `    // ${START_NOTE}
    static final long START_UPTO = ${t.upTo}L;
${javaLists('START', [t.at, t.takes, t.caps])}`;
}

export const JAVA_START_MOVES = `        long[] start = {h[0], h[0] > 0 ? h[0] - 1 : 0};
        if (h[0] > START_UPTO) die(${startPast('h[0]', (p) => p.join(' + '))});
        int first = START[0][(int) h[0]], moves = START[0][(int) h[0] + 1] - first;
        long[] take = new long[moves];
        long[][] to = new long[moves][];
        for (int i = 0; i < moves; i++) {
            take[i] = START[1][first + i];
            to[i] = new long[] {h[0] - take[i], START[2][first + i]};
        }`;
