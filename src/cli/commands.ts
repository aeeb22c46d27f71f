/**
 * The subcommands of `sg-explore` (the words that may come first on the
 * command line), each with what it is for: the one list that --help's usage,
 * the refusal of a mistyped command and main's dispatch (which must have a
 * runner for each, src/cli/main.ts) are made from.
 */
export const SUBCOMMANDS = {
  sweep: 'whole families of rules',
  play: 'a game against the computer',
  duel: 'testing a contest solution',
  serve: 'the web app',
} as const;

export type Subcommand = keyof typeof SUBCOMMANDS;

export const SUBCOMMAND_NAMES = Object.keys(SUBCOMMANDS) as Subcommand[];

/** Whether a first word names a subcommand. */
export function isSubcommand(word: string | undefined): word is Subcommand {
  return word !== undefined && Object.hasOwn(SUBCOMMANDS, word);
}

/** --help's pointer to each subcommand's own help: "Whole families of rules: sg-explore sweep --help; ...". */
export function subcommandHelp(): string {
  const text = SUBCOMMAND_NAMES.map((name) => `${SUBCOMMANDS[name]}: sg-explore ${name} --help`).join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
