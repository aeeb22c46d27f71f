/**
 * What the explore form offers, derived from the registries: every rule word
 * the command line takes (core/rule-words.ts), every preset, and for each
 * what its kind allows — misère play (its kind's offer: a table, positions),
 * a range of rows (a kind whose tables are grids), --max (a kind with
 * tables) — and the example links, each kind's showcase. A word's capabilities are read from the rule its own example
 * names, a preset's from its rule, so a new kind or word needs no line here.
 */
import { KINDS, kindOf, type GameSpec } from '../../core/kinds/registry.js';
import { RULE_WORDS } from '../../core/rule-words.js';
import { listPresets, presetGame } from '../../core/presets.js';
import type { FormChoices, FormAllows } from './explore-protocol.js';
import type { Op } from './protocol.js';

/** What a game's kind allows the form to ask. */
function allows(spec: GameSpec): FormAllows {
  const kind = kindOf(spec.rule);
  return {
    misere: kind.misere ?? null,
    play: kind.play !== undefined,
    rows: kind.tableShape === 'grid',
    max: kind.tableShape !== undefined,
  };
}

/** A preset's usage as a value to start from: `fibonacci-nim[:k]` drops its option, `bash:<m>` has its hole filled (bash:3). */
const presetValue = (usage: string) => usage.replace(/\[.*\]$/, '').replace(/<[^>]*>/g, '3');

export function formChoices(): FormChoices {
  const words = RULE_WORDS.filter((w) => w.flag).map((w) => ({
    word: w.word,
    argument: w.argument,
    describe: w.describe,
    example: w.example,
    // A page reads no files: the word's value names the file, whose text comes from the rule-file box.
    file: w.fileValue.form === 'file',
    // A preset's capabilities are its rule's (below).
    allows: w.word === 'preset' ? null : allows(w.parse(w.example, `--${w.word}`) as GameSpec),
  }));
  const presets = listPresets().map(({ usage, description }) => {
    const value = presetValue(usage);
    const game = presetGame(value);
    return { value, description, about: game.about ?? null, allows: allows(game) };
  });
  const examples = KINDS.flatMap((kind) => kind.showcase ?? [])
    .sort((a, b) => a.order - b.order)
    .map(({ word, text, max, about }) => ({ pairs: [[word, text] as const, ...(max === undefined ? [] : [['max', String(max)] as const])], about: { key: about } }));
  return { words, presets, examples };
}

export const formOps: Record<string, Op> = {
  async form() {
    return formChoices();
  },
};
