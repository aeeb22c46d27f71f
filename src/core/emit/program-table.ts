/**
 * A program's winning moves from a table of options (--emit --program under
 * a rule module, whose options live in the module and so are written as
 * data: see src/core/heap/option-table.ts): heap n's options, each what the
 * move leaves, for n up to the table's end; a larger heap's are not known,
 * and options(n) stops the program with a message naming it. The values of
 * what is left come from grundy (the pattern, or the table of values).
 */
import type { OptionTable } from '../heap/option-table.js';
import { builtString } from './java.js';
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

/** Java: the table read from text in a static block (a method's code, array initialisers included, is at most 64 KB), and options. */
export function javaTableOptions(t: OptionTable): string {
  const text = [t.heapStarts, t.optionStarts, t.parts].map((a) => a.join(',')).join(';');
  return `    // ${NOTE}
    static final long OPT_UPTO = ${t.upTo}L;
    static final int[][] OPT = new int[3][];
${builtString('OPT_TEXT', text)}    static {
        String[] lists = OPT_TEXT.split(";", -1);
        for (int i = 0; i < 3; i++) {
            String[] words = lists[i].isEmpty() ? new String[0] : lists[i].split(",");
            OPT[i] = new int[words.length];
            for (int j = 0; j < words.length; j++) OPT[i][j] = Integer.parseInt(words[j]);
        }
    }

    static boolean options(long n, long want) {
        if (n > OPT_UPTO) die(${past('n', 'OPT_UPTO', (p) => p.join(' + '))});
        int[] heap = OPT[0], start = OPT[1], parts = OPT[2];
        for (int o = heap[(int) n]; o < heap[(int) n + 1]; o++) {
            long[] to = new long[start[o + 1] - start[o]];
            long v = 0, left = 0;
            for (int p = 0; p < to.length; p++) {
                to[p] = parts[start[o] + p];
                left += to[p];
                v ^= SG.grundy(to[p]);
            }
            if (v == want && !visit(n - left, to)) return false;
        }
        return true;
    }
`;
}
