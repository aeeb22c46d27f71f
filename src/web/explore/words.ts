/**
 * The game as the page holds it: [flag, value] pairs, written three ways
 * that map onto each other — a command line (`--moves 1,2,3 --max 1e6`), the
 * URL's hash (`moves=1,2,3&max=1e6`, so a link reproduces the view), and the
 * pairs the engine turns into a request. Only the syntax is read here; what
 * the flags mean is the engine's (and the CLI's) to say.
 */
import type { Pairs } from '../engine/explore-protocol.js';
import { SWITCH_FLAGS } from '../engine/view-flags.js';

/** Why a command line could not be read: a message key and its holes (the page words it). */
export class WordsError extends Error {
  constructor(
    readonly key: 'explore.words.unexpected' | 'explore.words.needsValue' | 'explore.words.unclosedQuote',
    readonly params: Readonly<Record<string, string>>,
  ) {
    super(key);
  }
}

/** Words as a POSIX shell splits them: white space, with '…' and "…" quoting. */
function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new WordsError('explore.words.unclosedQuote', { quote: c });
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** Flags that take no value (the view's switches): `--misere` is a pair ['misere', 'true']. */
const SWITCHES = new Set(SWITCH_FLAGS);

/**
 * `--flag value` and `--flag=value` pairs from a command line; a leading
 * `sg-explore` is skipped. A value runs to the next flag, so
 * `--vectors (1,0) (0,1) (1,1)` needs no quotes.
 */
export function pairsOfCommandLine(text: string): Pairs {
  const words = splitWords(text);
  if (words[0] === 'sg-explore' || words[0] === 'npx') words.splice(0, words[1] === 'sg-explore' ? 2 : 1);
  const pairs: [string, string][] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('--') || word === '--') throw new WordsError('explore.words.unexpected', { word });
    const eq = word.indexOf('=');
    if (eq > 0) {
      pairs.push([word.slice(2, eq), word.slice(eq + 1)]);
      continue;
    }
    const value: string[] = [];
    while (i + 1 < words.length && !words[i + 1]!.startsWith('--')) value.push(words[++i]!);
    if (value.length === 0 && SWITCHES.has(word.slice(2))) {
      pairs.push([word.slice(2), 'true']);
      continue;
    }
    if (value.length === 0) throw new WordsError('explore.words.needsValue', { flag: word });
    pairs.push([word.slice(2), value.join(' ')]);
  }
  return pairs;
}

/** Whether --rule's value is a rule module's path (`--rule my-rule.mjs`) rather than a rule file's text. */
export function isModulePath(value: string): boolean {
  return !value.includes('\n') && /\.(mjs|js)$/i.test(value.trim());
}

/** The command line of some pairs (a rule file's text is left out: the page shows it apart). */
export function commandLineOf(pairs: Pairs): string {
  const quoted = (value: string) => (/^[A-Za-z0-9_@%+=:,./^()!-]+$/.test(value) ? value : `"${value.replace(/"/g, '')}"`);
  return pairs
    .filter(([flag, value]) => (flag !== 'rule' || isModulePath(value)) && flag !== 'file')
    .map(([flag, value]) => (SWITCHES.has(flag) && value === 'true' ? `--${flag}` : `--${flag} ${quoted(value)}`))
    .join(' ');
}

/** Characters left as they are in a hash (a link then reads as the command line does). */
const PLAIN = /%(2C|3A|5E|28|29|21|2F)/g;

/** The hash of some pairs: `moves=1,2,3&max=1e6` (without the '#'). */
export function hashOf(pairs: Pairs): string {
  return pairs.map(([flag, value]) => `${encodeURIComponent(flag)}=${encodeURIComponent(value).replace(PLAIN, (e) => decodeURIComponent(e))}`).join('&');
}

/** The pairs a hash holds (keys without a value, such as `play`, are not the explore view's and are dropped). */
export function pairsOfHash(params: URLSearchParams): Pairs {
  return [...params.entries()].filter(([, value]) => value !== '');
}
