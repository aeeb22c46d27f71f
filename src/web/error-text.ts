/**
 * An error as the page says it: an input error's kind in the page's language
 * (from the core's InputCode), then the core's one line: its common reasons
 * (catalogue messages in its words) in the page's language too, the rest as
 * the core wrote it.
 */
import { wordsText, type InputCode } from '../core/errors.js';
import { flagOf } from '../core/flags.js';
import type { MessageKey, Translate } from '../core/i18n/index.js';
import { EngineError } from './engine/client.js';

/** Every kind of input error, named in the catalogue (a new InputCode fails to compile here until it is). */
const KINDS: Readonly<Record<InputCode, MessageKey>> = {
  'bad-value': 'app.errorKind.bad-value',
  'out-of-range': 'app.errorKind.out-of-range',
  'too-large': 'app.errorKind.too-large',
  'out-of-memory': 'app.errorKind.out-of-memory',
  'bad-rule': 'app.errorKind.bad-rule',
  'unknown-name': 'app.errorKind.unknown-name',
  'not-applicable': 'app.errorKind.not-applicable',
  'bad-file': 'app.errorKind.bad-file',
  'file-exists': 'app.errorKind.file-exists',
  mismatch: 'app.errorKind.mismatch',
  empty: 'app.errorKind.empty',
  'bad-input': 'app.errorKind.bad-input',
};

export function errorText(error: unknown, t: Translate): string {
  // An input error's words in the page's language: its catalogue messages translated, its fields named as flags.
  const message = error instanceof EngineError && error.words ? wordsText(error.words, flagOf, t) : error instanceof Error ? error.message : String(error);
  const kind = error instanceof EngineError && error.code !== null ? KINDS[error.code as InputCode] : undefined;
  return kind ? t('app.errorWithKind', { kind: t(kind), message }) : message;
}
