import { groupDigits } from './digits.js';
import { english, say, type Message, type MessageKey, type Translate } from './i18n/index.js';
/**
 * What kind of mistake an InputError reports: a program reacts to the code,
 * a person reads the message.
 */
export type InputCode =
  /** Not a value of the kind asked for: a size that is no whole number, a pair that is no x:y. */
  | 'bad-value'
  /** A value outside its bounds (below a least, above a most). */
  | 'out-of-range'
  /** More work than can be done: cells, states, rows, heaps beyond a limit. */
  | 'too-large'
  /** More than the free memory holds. */
  | 'out-of-memory'
  /** A rule that is not one (a bad code, move set, vector, rule file or module). */
  | 'bad-rule'
  /** A name that is not known (a preset, a column, a file type). */
  | 'unknown-name'
  /** An option that does not apply here (misère play of a module, a picture of a position). */
  | 'not-applicable'
  /** A file that cannot be read or written, or is not what it should be. */
  | 'bad-file'
  /** A file that exists, where a new one was to be written. */
  | 'file-exists'
  /** A file (a checkpoint, a results file) that belongs to another run. */
  | 'mismatch'
  /** Nothing where something was needed (no heaps, no rules). */
  | 'empty'
  /** Any other mistake in the input. */
  | 'bad-input';

/**
 * The library's name of a value the user gave (a request's field, a file's
 * role). A front end names it its own way: the CLI as the flag that set it
 * (`max` as `--max`).
 */
export type InputField =
  | 'max'
  | 'at'
  | 'position'
  | 'limit'
  | 'window'
  | 'threads'
  | 'rule'
  | 'moves'
  | 'code'
  | 'vectors'
  | 'preset'
  | 'misere'
  | 'genus'
  | 'quotient'
  | 'useObserved'
  | 'emit'
  | 'rows'
  | 'checkpoint'
  | 'resume'
  | 'force'
  | 'out'
  | 'plot'
  | 'format'
  | 'rules'
  | 'family'
  | 'shard'
  | 'merge'
  | 'frequencies'
  | 'where'
  | 'sort'
  | 'game'
  | 'memoryBudget'
  | 'maxRareHeaps'
  | 'maxRareWork'
  | 'trusted'
  | 'timeoutMs'
  /** A conjecture checked against the table (`--check`). */
  | 'check'
  /** A judge's input layout, and the answers it expects (src/core/contest/). */
  | 'input'
  | 'answer'
  | 'words';

/** A field named inside a message: the library writes its name, a front end its own word for it. */
export interface FieldMention {
  readonly field: InputField;
}

/**
 * A catalogue message inside an error's words (`is not a whole number`): the
 * library writes it in English, a front end in its reader's language.
 */
export interface SaidPart {
  readonly said: SaidMessage;
}

/** A catalogue message whose holes may also name fields (`raise {limit}`): each front end names them its own way. */
export interface SaidMessage {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number | bigint | SaidMessage | FieldMention>>;
}

/** A message as words: text, the fields it names, and the catalogue messages it says. */
export type Words = readonly (string | FieldMention | SaidPart)[];

/** What a message may be built from: text, a field, a catalogue message, or words. */
export type Wording = string | FieldMention | SaidPart | Words;

/** A catalogue message as part of an error's words. */
export function saying(key: MessageKey, params?: SaidMessage['params']): SaidPart {
  return { said: { key, ...(params && { params }) } };
}

function isSaid(part: unknown): part is SaidPart {
  return typeof part === 'object' && part !== null && !Array.isArray(part) && typeof (part as SaidPart).said === 'object';
}

/** `field` named in a message. */
export function mention(field: InputField): FieldMention {
  return { field };
}

export function isMention(part: unknown): part is FieldMention {
  return typeof part === 'object' && part !== null && !Array.isArray(part) && typeof (part as FieldMention).field === 'string';
}

/** `wording` as flat words (adjacent texts joined). */
export function wordsOf(wording: Wording): Words {
  const out: (string | FieldMention | SaidPart)[] = [];
  const add = (part: unknown): void => {
    if (Array.isArray(part)) part.forEach(add);
    else if (isMention(part) || isSaid(part)) out.push(part);
    else {
      const text = String(part);
      if (text === '') return;
      if (typeof out[out.length - 1] === 'string') out[out.length - 1] += text;
      else out.push(text);
    }
  };
  add(wording);
  return out;
}

/**
 * Words from a template: `` says`${mention('max')} ${n}: too large` ``. Values
 * that are fields or words stay so; anything else is written as text.
 */
export function says(strings: TemplateStringsArray, ...values: readonly unknown[]): Words {
  const parts: unknown[] = [];
  strings.forEach((text, i) => {
    parts.push(text);
    if (i < values.length) parts.push(values[i]);
  });
  return wordsOf(parts as Words);
}

/** A said message as a catalogue message: the fields in its holes (at any depth) named by `name`. */
function named(message: SaidMessage, name: (field: InputField) => string): Message {
  if (!message.params) return { key: message.key };
  const params: Record<string, string | number | bigint | Message> = {};
  for (const [hole, value] of Object.entries(message.params)) params[hole] = isMention(value) ? name(value.field) : typeof value === 'object' ? named(value, name) : value;
  return { key: message.key, params };
}

/** Words as text, each field named by `name` (the library's own name by default), each catalogue message in `t`'s language (English by default). */
export function wordsText(wording: Wording, name: (field: InputField) => string = (field) => field, t: Translate = english): string {
  return wordsOf(wording)
    .map((part) => (typeof part === 'string' ? part : isSaid(part) ? say(named(part.said, name), t) : name(part.field)))
    .join('');
}

/** What an InputError knows besides its message. */
export interface InputDetails {
  /** The kind of mistake (default 'bad-input'). */
  readonly code?: InputCode;
  /** The field the value came from (default: the field the message starts with, if any). */
  readonly field?: InputField;
  /** The offending value, as given. */
  readonly value?: unknown;
  /** The message after the part that names the field and the value (`max 5e20: ` in `max 5e20: …`). */
  readonly reason?: Wording;
}

/**
 * An error in what the user gave us (a request, rule files, rule modules,
 * sizes): a `code`, the `field` the value came from and the `value`; its
 * message names fields the library's way (`max 5e20: …`), and `words` keeps
 * them apart for a front end to name its own way. The CLI prints it on one
 * line and exits with code 2; anything else that escapes is an internal
 * failure (exit 1).
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly code: InputCode;
  readonly field: InputField | undefined;
  readonly value: unknown;
  /** The message as words, the fields it names kept apart. */
  readonly words: Words;
  /** The message after the field and value it starts with, when it was built that way. */
  readonly reason: Words | undefined;

  constructor(message: Wording, details: InputDetails = {}) {
    const words = wordsOf(message);
    super(wordsText(words));
    this.words = words;
    const first = words[0];
    this.code = details.code ?? 'bad-input';
    this.field = details.field ?? (isMention(first) ? first.field : undefined);
    this.value = details.value;
    this.reason = details.reason === undefined ? undefined : wordsOf(details.reason);
  }

  /**
   * The usual refusal: `field shown: reason` (`max 5e20: …`), or `field: reason`
   * when `shown` is undefined. `shown` is how the message shows `value`.
   */
  static about(code: InputCode, field: InputField, value: unknown, shown: string | undefined, reason: Wording): InputError {
    return new InputError(says`${mention(field)}${shown === undefined ? '' : ` ${shown}`}: ${reason}`, { code, field, value, reason });
  }
}

/** What follows the field an error's message starts with (and its colon): `unknown preset 'x'` of `preset: unknown preset 'x'`. */
export function afterField(error: unknown): string {
  return wordsText(afterFieldWords(error));
}

/** The same as words (the catalogue messages in it kept, for a front end to say in its language). */
export function afterFieldWords(error: unknown): Wording {
  if (!(error instanceof InputError)) return error instanceof Error ? error.message : String(error);
  if (error.reason) return error.reason;
  const [first, ...rest] = error.words;
  if (!isMention(first)) return error.words;
  const [head, ...tail] = rest;
  return typeof head === 'string' ? [head.replace(/^:?\s*/, ''), ...tail] : rest;
}

/** A pool's workers could not be started: not the user's input, and nothing was computed. */
export class WorkerStartError extends Error {
  override readonly name = 'WorkerStartError';
  /** Always 'worker-start': for a program that tells failures apart by code. */
  readonly code = 'worker-start' as const;
}

/** Characters of a value a message quotes: enough to recognise it, never a screenful. */
export const QUOTE_CHARS = 40;
/** Characters of a whole message line: a cap for what the quoting missed. */
export const MESSAGE_CHARS = 1000;

/**
 * Control characters (C0, DEL, C1) as visible escapes: a message must not
 * let a value ring the bell, move the cursor or colour the terminal. Nor may
 * invisible ones hide what was written: zero-width spaces and direction marks
 * (U+202E turns the rest of the line around), line separators, a byte-order
 * mark and lone surrogates are shown as \uNNNN (joiners stay: scripts need them).
 */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]|[\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    const code = c.charCodeAt(0);
    return named[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/** The first `max` characters of `text` (a pair of surrogates is never split), and whether it was longer. */
function head(text: string, max: number): { readonly head: string; readonly cut: boolean } {
  if (text.length <= max) return { head: text, cut: false };
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return { head: text.slice(0, end), cut: true };
}

/** `text` cut to `max` characters (saying how long it was), control characters escaped. */
export function excerpt(text: string, max = QUOTE_CHARS): string {
  const { head: shown, cut } = head(text, max);
  return escapeControls(shown) + (cut ? `… (${groupDigits(text.length)} characters)` : '');
}

/**
 * A user's value quoted in a message: `'1e6x'`, or a short, escaped excerpt of a long one.
 * `length`: the value's whole length, when only its beginning was kept (a token streamed from input); `max`: how much is shown.
 */
export function quote(value: unknown, length?: number, max = QUOTE_CHARS): string {
  const text = String(value);
  const whole = length ?? text.length;
  const { head: shown, cut } = head(text, max);
  return `'${escapeControls(shown)}${cut || whole > text.length ? `…' (${groupDigits(whole)} characters)` : "'"}`;
}

/** An error's message on one line (messages go to stderr as single lines). */
export function oneLineMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}

/** What the CLI prints for an error: one line, no control characters, at most MESSAGE_CHARS long. */
export function printableMessage(error: unknown): string {
  return excerpt(oneLineMessage(error), MESSAGE_CHARS);
}
