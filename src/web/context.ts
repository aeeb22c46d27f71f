/** What every view of the page is given: the language and its messages, and the engine worker. */
import type { Lang, Translate } from '../core/i18n/index.js';
import type { Engine } from './engine/client.js';

export interface AppContext {
  readonly lang: Lang;
  readonly t: Translate;
  readonly engine: Engine;
}

/**
 * A view mounted in an element: `unmount` stops what it runs and clears the
 * element; `update`, where a view has it, takes a new hash for the same view
 * without a remount (the form keeps its focus).
 */
export interface View {
  unmount(): void;
  update?(params: URLSearchParams): void;
}

export type MountView = (root: HTMLElement, context: AppContext, params: URLSearchParams) => View;
