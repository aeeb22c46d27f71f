/** The divisor game's theorem as code for --emit, in each language: G(n) = the exponent of 2 in n, P exactly at 0 and the odd heaps. */
import type { CodeModel, EmitHeader } from '../../emit/models.js';

const TITLE = 'Sprague-Grundy values G(n) of one heap (the divisor game), written by sg-explore --emit';
const VALUE = 'G(n) = the exponent of 2 in n (G(0) = 0)';
const P = 'Whether a heap of n is a P-position: n is 0 or odd';

const cFamily = (include: string): CodeModel['sources']['c'] => ({
  notes: ['grundy(n) and is_p(n) take any 0 <= n <= 2^64 - 1'],
  body:
    `\n${include}\n/* ${VALUE}. */\nunsigned grundy(unsigned long long n) {\n    unsigned g = 0;\n    while (n != 0 && (n & 1) == 0) {\n        n >>= 1;\n        g++;\n    }\n    return g;\n}\n\n` +
    `/* ${P}. */\nbool is_p(unsigned long long n) { return n == 0 || (n & 1) == 1; }\n`,
});

export function divisorCode(header: EmitHeader): CodeModel {
  return {
    kind: 'code',
    header,
    component: 'heap',
    title: TITLE,
    sources: {
      c: cFamily('#include <stdbool.h>\n'),
      cpp: cFamily(''),
      python: {
        notes: ['grundy(n) and is_p(n) take any int n >= 0'],
        body: `\n\ndef grundy(n):\n    """${VALUE}."""\n    return (n & -n).bit_length() - 1 if n else 0\n\n\ndef is_p(n):\n    """${P}."""\n    return n == 0 or n % 2 == 1\n`,
      },
      javascript: {
        notes: ['grundy(n) and isP(n) take any n >= 0 (a Number up to 2^53 - 1, or a BigInt); grundy returns a BigInt, as every --emit js grundy does'],
        body: `\n/** ${VALUE}. */\nfunction grundy(n) {\n  n = BigInt(n);\n  return n === 0n ? 0n : BigInt((n & -n).toString(2).length - 1);\n}\n\n/** ${P}. */\nfunction isP(n) {\n  n = BigInt(n);\n  return n === 0n || n % 2n === 1n;\n}\n`,
      },
      java: {
        notes: ['SG.grundy(n) and SG.isP(n) take 0 <= n <= 2^63 - 1 (long)'],
        body: `\nfinal class SG {\n    /** ${VALUE}. */\n    static int grundy(long n) {\n        return n == 0 ? 0 : Long.numberOfTrailingZeros(n);\n    }\n\n    /** ${P}. */\n    static boolean isP(long n) {\n        return n == 0 || (n & 1) == 1;\n    }\n}\n`,
      },
    },
  };
}
