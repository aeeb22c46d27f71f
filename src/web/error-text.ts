/**
 * An error as the page says it: an input error's kind in the page's language
 * (from the core's InputCode), then the core's one line, which stays as the
 * core wrote it.
 */
import type { InputCode } from '../core/errors.js';
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
  const message = error instanceof Error ? error.message : String(error);
  const kind = error instanceof EngineError && error.code !== null ? KINDS[error.code as InputCode] : undefined;
  return kind ? t('app.errorWithKind', { kind: t(kind), message }) : message;
}
