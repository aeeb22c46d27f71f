/**
 * `--emit LANG`: a game's pattern or theorem as a self-contained function
 * for C, C++, Python, JavaScript or Java (what is written: model.ts; how,
 * in each language: c-family.ts, python.ts, javascript.ts, java.ts).
 */
import type { AnalysisResult, GameSpec } from '../kinds/registry.js';
import { modelOf, theoremModel, type EmitLanguage, type EmitModel, type EmitOptions, type LanguageRenderer } from './model.js';
import { cFamilyRenderer } from './c-family.js';
import { pythonRenderer } from './python.js';
import { javascriptRenderer } from './javascript.js';
import { javaRenderer } from './java.js';
import { renderLaw } from './law-code.js';
import { comment, headerLines } from './source.js';
import { programModel, programNotes, type CaseRuleModel, type ProgramModel } from './program.js';
import type { PairVector } from './models.js';
import { caseRuleFunctions } from './program-case.js';
import { cProgramMain } from './program-c.js';
import { javascriptProgramMain, pythonProgramMain } from './program-scripts.js';
import { javaProgramMain } from './program-java.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import type { JudgeLayout } from '../contest/layout.js';
import type { AnswerSpec } from '../contest/answer.js';

export { EMIT_LANGUAGES, parseEmitLanguage, modelOf, theoremModel, MOST_TABLE_VALUES } from './model.js';
export type { EmitLanguage, EmitModel, EmitOptions, CodeModel } from './model.js';
export type { CaseRuleModel } from './program.js';
export { checkMisereProgram } from './program.js';

const RENDERERS: Readonly<Record<EmitLanguage, LanguageRenderer>> = {
  c: cFamilyRenderer('c'),
  cpp: cFamilyRenderer('cpp'),
  python: pythonRenderer,
  javascript: javascriptRenderer,
  java: javaRenderer,
};

/** The source text of a model in a language. */
export function renderModel(model: EmitModel, language: EmitLanguage): string {
  const renderer = RENDERERS[language];
  switch (model.kind) {
    case 'start-law':
    case 'pair-law':
      return renderLaw(model, language);
    case 'heap-cycle':
      return renderer.heapCycle(model);
    case 'modulus':
      return renderer.modulus(model);
    case 'wythoff':
      return renderer.wythoff(model);
    case 'capped-nim':
      return renderer.cappedNim(model);
    case 'code': {
      const source = model.sources[language];
      return comment(headerLines(model.header, model.title, source.notes), language === 'python' ? '#' : '//') + source.body;
    }
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

const PROGRAM_MAINS: Readonly<Record<EmitLanguage, (m: ProgramModel) => string>> = {
  c: (m) => cProgramMain(m, 'c'),
  cpp: (m) => cProgramMain(m, 'cpp'),
  python: pythonProgramMain,
  javascript: javascriptProgramMain,
  java: javaProgramMain,
};

/**
 * A whole program (--emit --program): what it reads and prints, the
 * functions of the model, and a main that reads `layout` and prints
 * `answer` as the CLI does. `moves`: the rule's moves (a heap rule's), for
 * the winning moves; `pairMoves`, a two-pile game's.
 */
export function renderProgram(model: EmitModel | CaseRuleModel, moves: HeapMoves | null, layout: JudgeLayout, answer: AnswerSpec, language: EmitLanguage, pairMoves: readonly PairVector[] | null = null, misere = false): string {
  const program = programModel(model, moves, layout, answer, language, pairMoves, misere);
  const mark = language === 'python' ? '#' : '//';
  return comment(programNotes(program, language), mark) + (model.kind === 'case-rule' ? caseRuleFunctions(language) : renderModel(model, language)) + PROGRAM_MAINS[language](program);
}
