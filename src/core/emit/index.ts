/**
 * `--emit LANG`: a game's pattern or theorem as a self-contained function
 * for C, C++, Python, JavaScript or Java (what is written: model.ts; how,
 * in each language: c-family.ts, python.ts, javascript.ts, java.ts).
 */
import type { AnalysisResult, GameSpec } from '../kinds/registry.js';
import { modelOf, theoremModel, type EmitLanguage, type EmitModel, type EmitOptions } from './model.js';
import { renderCFamily } from './c-family.js';
import { renderPython } from './python.js';
import { renderJavaScript } from './javascript.js';
import { renderJava } from './java.js';
import { renderLaw } from './law-code.js';

export { EMIT_LANGUAGES, parseEmitLanguage, modelOf, theoremModel, MOST_TABLE_VALUES, MOST_LOSING_HEAPS } from './model.js';
export type { EmitLanguage, EmitModel, EmitOptions } from './model.js';

/** The source text of a model in a language. */
export function renderModel(model: EmitModel, language: EmitLanguage): string {
  if (model.kind === 'start-law' || model.kind === 'pair-law') return renderLaw(model, language);
  switch (language) {
    case 'c':
      return renderCFamily(model, 'c');
    case 'cpp':
      return renderCFamily(model, 'cpp');
    case 'python':
      return renderPython(model);
    case 'javascript':
      return renderJavaScript(model);
    case 'java':
      return renderJava(model);
  }
}

/** The source of a game answered by a theorem (Bash, Wythoff, Fibonacci Nim), with no computation; null for any other game. */
export function emitTheorem(game: GameSpec, language: EmitLanguage, options: EmitOptions = {}): string | null {
  const model = theoremModel(game, options);
  return model && renderModel(model, language);
}

/** The source of an analysis result's pattern (a heap rule's period, or an observed law with options.useObserved). */
export function emitResult(result: AnalysisResult, language: EmitLanguage, options: EmitOptions = {}): string {
  return renderModel(modelOf(result, options), language);
}
