/**
 * The kinds' own messages (each kind folder's messages.ts, English and Chinese), gathered for the
 * catalogues (src/core/i18n/en and zh). A list of its own beside the registry: the catalogues are
 * read by the errors every kind throws, so they cannot import the registry, which imports the kinds.
 * test/kinds/conformance.test.ts checks that every kind folder's messages are here.
 */
import { messages as bash } from './bash/messages.js';
import { messages as cappedHeap } from './capped-heap/messages.js';
import { messages as divisor } from './divisor/messages.js';
import { messages as graph } from './graph/messages.js';
import { messages as module } from './module/messages.js';
import { messages as subtraction } from './subtraction/messages.js';
import { messages as takeAndBreak } from './take-and-break/messages.js';
import { messages as twoPile } from './two-pile/messages.js';
import { merged } from '../i18n/merge.js';

export const KIND_MESSAGES_EN = merged(bash.en, cappedHeap.en, divisor.en, graph.en, module.en, subtraction.en, takeAndBreak.en, twoPile.en);
export const KIND_MESSAGES_ZH: Readonly<Record<keyof typeof KIND_MESSAGES_EN, string>> = merged(bash.zh, cappedHeap.zh, divisor.zh, graph.zh, module.zh, subtraction.zh, takeAndBreak.zh, twoPile.zh);
