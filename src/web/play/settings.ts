/**
 * The game a play link holds, in its hash:
 * `#play&preset=nim&position=3,5,7&first=computer&level=10&seed=7&misere`.
 * The rule is any rule word the CLI takes as a flag (preset, moves, code, ...:
 * the key that is not one of the settings below; the engine reads it); the position is the components as the terminal writes
 * them, separated by commas or spaces (pairs as 4:7); without a position the
 * start is drawn from the seed.
 */
export interface PlaySettings {
  readonly word: string;
  readonly text: string;
  /** The start, one component a word; null: a random start from the seed. */
  readonly position: readonly string[] | null;
  readonly first: 'human' | 'computer';
  readonly level: number;
  readonly seed: number;
  readonly misere: boolean;
}

/** The keys of a play link that are its settings; any other key names the rule (its value the rule's words). */
const SETTING_KEYS = new Set(['play', 'position', 'first', 'level', 'seed', 'misere']);

export const randomSeed = () => Math.floor(Math.random() * 1_000_000);

export function positionWords(text: string): string[] | null {
  const words = text.split(/[\s,;+]+/).filter(Boolean);
  return words.length ? words : null;
}

export function readSettings(params: URLSearchParams): PlaySettings {
  const word = [...params.keys()].find((key) => !SETTING_KEYS.has(key)) ?? 'preset';
  const level = Number(params.get('level') ?? 10);
  const seed = Number(params.get('seed'));
  return {
    word,
    text: params.get(word) ?? 'nim',
    position: positionWords(params.get('position') ?? ''),
    first: params.get('first') === 'computer' ? 'computer' : 'human',
    level: Number.isInteger(level) && level >= 1 && level <= 10 ? level : 10,
    seed: params.has('seed') && Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31 ? seed : randomSeed(),
    misere: params.has('misere') && params.get('misere') !== 'false',
  };
}

/** The hash, readable: commas and colons are left as they are. */
export function settingsHash(s: PlaySettings): string {
  const value = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  const parts = ['play', `${s.word}=${value(s.text)}`];
  if (s.position) parts.push(`position=${value(s.position.join(','))}`);
  parts.push(`first=${s.first}`, `level=${s.level}`, `seed=${s.seed}`);
  if (s.misere) parts.push('misere');
  return '#' + parts.join('&');
}
