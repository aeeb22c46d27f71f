/**
 * `sg-explore sweep`: its own option table, parsed into a typed request.
 * Numbers are taken as strings and parsed here (yargs turns 2^16 into NaN
 * without a word); every mistake is an InputError with one line of text.
 */
import yargs, { type Argv } from 'yargs';
import { notAChoice, parseArgs, single } from './common.js';
import { THREADS_OPTION, parseThreads } from './shared-options.js';
import { columnsOf, type CliIo } from './io.js';
import { InputError, quote } from '../core/errors.js';
import { parseSmallCount } from '../core/numbers.js';
import { FAMILY_NAMES, familyNamed, type Family, type NamedFamily, type Range, type Shard } from '../sweep/family.js';
import { SWEEP_FAMILIES } from '../core/kinds/registry.js';
import type { FamilyFlag } from '../core/kinds/sweep-family.js';
import { VIEW_FORMATS, type ViewFormat } from '../sweep/format.js';
import { parseCondition, parseSort } from '../sweep/query.js';
import { resolveAutoShard } from './shard-auto.js';
import { pictureFile } from '../pictures/picture-file.js';
import { exactlyOneGroups, optionEntries, refuseClashes, type Clash, type FieldsOf, type Need, type OptionEntry } from './option-table.js';
import type { OptionSpec } from './quick-parse.js';

/** A family given by flags, or a --rules file still to be read. */
export type FamilySource = { readonly family: Family } | { readonly rulesFile: string };

export interface SweepRunCommand {
  readonly mode: 'sweep';
  readonly source: FamilySource;
  readonly shard?: Shard;
  /** With --shard auto: where the shard came from (`shard 3/8 from SLURM_ARRAY_TASK_ID=2 (MIN 0, COUNT 8)`), for a note. */
  readonly shardSource?: string;
  readonly limit?: number;
  /** --rare-heaps: the rare heaps a two-heap code may have before it stops (default SWEEP_MAX_RARE_HEAPS). */
  readonly rareHeaps?: number;
  /** --rare-work: the rare heaps times heaps computed a two-heap code may reach before it stops (default 2^16 times --rare-heaps). */
  readonly rareWork?: number;
  readonly threads?: number;
  readonly format?: ViewFormat;
  readonly where: readonly string[];
  readonly sort: readonly string[];
  readonly out?: string;
  readonly resume: boolean;
  readonly progress?: boolean;
  /** Start a family too large to finish in one run all the same. */
  readonly yes: boolean;
  /** Draw the sweep map into this file (.svg or .png). */
  readonly plot?: string;
  /** Write each unsolved rule's frequency line (src/sweep/frequency-line.ts) into this file, in rule order, at the end. */
  readonly frequencies?: string;
}

export interface SweepViewCommand {
  readonly mode: 'view';
  /** Results files to read (--from or --merge): deduplicated by rule. */
  readonly files: readonly string[];
  /** Which flag named them (for messages). */
  readonly flag: '--from' | '--merge';
  readonly format?: ViewFormat;
  readonly where: readonly string[];
  readonly sort: readonly string[];
  readonly out?: string;
  /** --merge even with shards or rules missing. */
  readonly partial: boolean;
  readonly plot?: string;
}

export type SweepCommand = SweepRunCommand | SweepViewCommand;

/** The fields of a sweep's command, run or view. */
type SweepFields = Record<keyof SweepRunCommand | keyof SweepViewCommand, unknown>;
/** What a view of results files (--from, --merge) refuses: a flag of a sweep that computes. */
const NOT_IN_A_VIEW: Clash<'from' | 'merge', never> = { with: ['from', 'merge'], message: ({ flag, other }) => `--${flag} does not apply to --${other} (it reads results; nothing is computed)` };
/** A flag that describes a --family, which --rules refuses. */
const NOT_WITH_RULES: Clash<'rules', never> = { with: ['rules'], message: ({ flag }) => `--${flag} describes a --family; it does not apply to --rules` };

/** A flag of the families: as the first family that takes it declares it, the families that take it, and those that need it (and how). */
interface SharedFlag {
  readonly flag: FamilyFlag;
  readonly families: string[];
  readonly needing: string[];
  needed?: FamilyFlag['needed'];
}

/** Each family's flags (its kind's `sweepFamilies`), in the order --help lists them (families that share a flag share its words). */
function familyFlags(): Map<string, SharedFlag> {
  const flags = new Map<string, SharedFlag>();
  for (const family of SWEEP_FAMILIES) {
    for (const flag of family.flags) {
      const entry = flags.get(flag.flag) ?? { flag, families: [], needing: [] };
      entry.families.push(family.name);
      if (flag.needed) entry.needing.push(family.name), (entry.needed ??= flag.needed);
      flags.set(flag.flag, entry);
    }
  }
  return flags;
}

/** The entries of the families' flags: each refused in a view, with --rules, and with a family that does not take it. */
function familyFlagOptions(): Readonly<Record<string, OptionEntry<'family' | 'rules' | 'from' | 'merge', never, 'source'>>> {
  const otherFlags = new Map(SWEEP_FAMILIES.map((family) => [family.name, family.otherFlags]));
  return Object.fromEntries(
    [...familyFlags()].map(([name, { flag, families }]) => {
      const others = FAMILY_NAMES.filter((family) => !families.includes(family));
      const ofAnother: Clash<'family', never> = {
        with: [{ flag: 'family', is: others }],
        message: ({ flag: given, value }) => {
          const hint = otherFlags.get(value('family')!);
          return `--${given} applies to --family ${families.join(' and ')}, not ${value('family')}${hint ? ` (${hint})` : ''}`;
        },
      };
      const conflicts = others.length ? [NOT_IN_A_VIEW, NOT_WITH_RULES, ofAnother] : [NOT_IN_A_VIEW, NOT_WITH_RULES];
      return [name, { type: 'string', describe: `${families.join(' / ')}: ${flag.meaning}`, group: 'Family:', field: 'source', conflicts }] as const;
    }),
  );
}

/** What --family needs of the families' flags: each flag a family cannot do without, asked for in the flags' order. */
function familyNeeds(): Need<'family', never>[] {
  return [...familyFlags()].flatMap(([name, { needed, needing }]): Need<'family', never>[] => {
    if (!needed) return [];
    // The flag is one of the table's (familyFlagOptions adds it), which the compiler cannot see.
    const any = [name as 'family'];
    return [{ when: [{ flag: 'family', is: needing }], any, message: ({ value }) => `--family ${value('family')} needs --${name} ${needed.argument} (${needed.words})` }];
  });
}

/**
 * `sg-explore sweep`'s options: each with its help, the command's field it sets, what it needs and the flags
 * it cannot go with (checked by refuseClashes in this order, once one source is given: --family, --rules, --from or --merge).
 */
const OWN_OPTIONS = optionEntries<SweepFields, never>()({
  family: {
    type: 'string', describe: `a family of rules: ${FAMILY_NAMES.join(', ')}`, group: 'Family:', field: 'source',
    values: { is: FAMILY_NAMES, message: ({ value }) => notAChoice('family', value('family')!, FAMILY_NAMES, 'or give --rules FILE') },
    needs: familyNeeds(),
  },
  rules: { type: 'string', describe: "a file of rules, one a line: 'moves 1,2,3', 'all-but 2,3,7', 'code 0.77', 'preset kayles'", group: 'Family:', field: 'source' },
  limit: { type: 'string', describe: 'most values computed per rule looking for a proof (default 2^16; 2^20 for take-and-break codes, 2^11 for those leaving three heaps)', group: 'Work:', field: 'limit', conflicts: [NOT_IN_A_VIEW] },
  'rare-heaps': { type: 'string', describe: 'a two-heap code stops at its next proof attempt once more heaps than this are rare, or its rare heaps times heaps computed pass --rare-work (default 2^14)', group: 'Work:', field: 'rareHeaps', conflicts: [NOT_IN_A_VIEW] },
  'rare-work': { type: 'string', describe: 'a two-heap code stops at its next proof attempt once its rare heaps times heaps computed pass this (default 2^16 times --rare-heaps)', group: 'Work:', field: 'rareWork', conflicts: [NOT_IN_A_VIEW] },
  threads: { ...(THREADS_OPTION as OptionSpec), group: 'Work:', field: 'threads', conflicts: [NOT_IN_A_VIEW] },
  shard: { type: 'string', describe: 'compute only shard i of n (i/n, 1-based): the rules whose index mod n is i-1; auto (Slurm array) or auto/N (Kubernetes Indexed Job, GNU parallel) reads i (and n) from the environment', group: 'Work:', field: 'shard', conflicts: [NOT_IN_A_VIEW] },
  format: { type: 'string', describe: `${VIEW_FORMATS[0]} (default), ${VIEW_FORMATS.slice(1, -1).join(', ')} or ${VIEW_FORMATS[VIEW_FORMATS.length - 1]}`, group: 'Output:', field: 'format' },
  where: { type: 'string', array: true, describe: "keep rows where a condition holds, e.g. 'period>100', proven=false (repeatable)", group: 'Output:', field: 'where' },
  sort: { type: 'string', array: true, describe: 'sort by columns, e.g. period or -period,preperiod (ties by rule)', group: 'Output:', field: 'sort' },
  out: { type: 'string', describe: 'append each row to this file (jsonl, or csv for *.csv) as it is found', group: 'Output:', field: 'out' },
  resume: {
    type: 'boolean', describe: 'continue the sweep in --out FILE, skipping the rules already there', group: 'Output:', field: 'resume',
    needs: [{ when: ['family', 'rules'], any: ['out'], message: () => '--resume needs --out FILE (the results file to continue)' }],
    conflicts: [NOT_IN_A_VIEW],
  },
  from: { type: 'string', array: true, describe: 'show results files (jsonl or csv) instead of computing; with --where, --sort', group: 'Results files:', field: 'files' },
  merge: { type: 'string', array: true, describe: 'merge results files (shards): one row per rule, in family order', group: 'Results files:', field: 'files' },
  progress: { type: 'boolean', describe: 'progress bar on stderr (default: when stderr is a terminal)', group: 'Output:', field: 'progress' },
  frequencies: {
    type: 'string', describe: 'with --rules: write FILE.jsonl, one line per rule with no period proven: its value frequencies and the periods its values exclude', group: 'Output:', field: 'frequencies',
    // A family's equivalent rules share one computation (their rows are copies), so only a list has a line for every rule.
    needs: [{ when: ['family'], any: ['rules'], message: () => '--frequencies applies to --rules FILE (a list of rules), not to a --family' }],
    conflicts: [NOT_IN_A_VIEW],
  },
  plot: { type: 'string', describe: 'draw the sweep map: every rule by preperiod and period, by kind (FILE.svg or FILE.png)', group: 'Output:', field: 'plot' },
  yes: { type: 'boolean', describe: 'start a family too large to finish in one run (over 10 million rules) all the same', group: 'Work:', field: 'yes', conflicts: [{ with: ['from', 'merge'], message: () => '--yes applies to a sweep that computes' }] },
  partial: { type: 'boolean', describe: 'with --merge: merge even when shards or rules are missing', group: 'Results files:', field: 'partial', needs: [{ any: ['merge'], message: () => '--partial applies to --merge' }] },
});

/**
 * `sg-explore sweep`'s options, in --help's order: --family, the flags of the families (from their kinds), then the
 * rest. refuseClashes checks them in this order, once one source is given.
 */
const { family: FAMILY_OPTION, ...AFTER_FAMILY } = OWN_OPTIONS;
export const SWEEP_OPTIONS = { family: FAMILY_OPTION, ...familyFlagOptions(), ...AFTER_FAMILY };

/** The fields of a sweep's command no flag sets, and why (a field added to a command needs a flag's entry or a line here). */
export const SWEEP_NOT_A_FLAG: { readonly [K in Exclude<keyof SweepFields, FieldsOf<typeof OWN_OPTIONS>>]-?: string } = {
  mode: 'a sweep that computes, or a view of results files: which source flag was given',
  shardSource: 'where --shard auto found the shard (the environment), for a note',
  flag: 'which of --from and --merge named the files, for messages',
};

/** The sweep's sources, exactly one of which is given (checked first). */
export const SWEEP_GROUPS = exactlyOneGroups<typeof OWN_OPTIONS>()([
  {
    exactlyOne: ['family', 'rules', 'from', 'merge'],
    none: () => `sweep: say what to sweep: --family ${FAMILY_NAMES.join('|')}, --rules FILE, or --from/--merge FILE... (see sg-explore sweep --help)`,
    many: (given, flags) => `sweep: give one of ${flags.map((s) => `--${s}`).join(', ')} (not ${given.map((s) => `--${s}`).join(' and ')})`,
  },
]);

function optionTable(argv: Argv, io?: CliIo) {
  let table = argv
    .scriptName('sg-explore sweep')
    .usage(
      '$0 (--family F ... | --rules FILE | --from FILE... | --merge FILE...) [options]\n\n' +
        'Explore a whole family of rules, one row per rule: preperiod, period, saltus, whether it is proven, the largest value.',
    );
  // Only the help's part of each entry: the table's needs and clashes are refuseClashes', not yargs'.
  for (const [name, { type, array, describe, group }] of Object.entries(SWEEP_OPTIONS as Readonly<Record<string, OptionSpec>>)) table = table.option(name, { type, array, describe, group });
  return table
    .example('$0 --family subtraction --size 3 --max-move 20 --where proven=false', 'every 3-move subtraction set up to 20')
    .example('$0 --family octal --digits 1-3 --sort -period', 'octal codes 0.d, 0.dd, 0.ddd, longest periods first')
    .example('$0 --family octal --digits 3 --shard 2/8 --out part2.jsonl', 'one of 8 shards, appended as it goes')
    .example('$0 --merge part*.jsonl --out all.jsonl', 'merge shards')
    .example("$0 --from all.jsonl --where 'period>100' --sort period", 'view results')
    .strict()
    .help()
    .version(false)
    .wrap(io ? columnsOf(io.stdout) : 80);
}

function list(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** "3" or "1-3" (also "1..3"). */
export function parseRange(text: string, flag: string, min: number, max: number): Range {
  const match = /^\s*([^-.\s]+)\s*(?:(?:-|\.\.)\s*([^-.\s]+)\s*)?$/.exec(text);
  if (!match) throw new InputError(`${flag}: ${quote(text)} is not a number or a range such as 1-3`);
  const from = parseSmallCount(match[1]!, flag, min, max);
  const to = match[2] === undefined ? from : parseSmallCount(match[2], flag, min, max);
  if (to < from) throw new InputError(`${flag}: the range ${quote(text)} is backwards`);
  return { from, to };
}

export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) throw new InputError(`--shard: ${quote(text)} is not i/n (for example 2/8: the second of eight shards), auto or auto/N`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 2 ** 31) throw new InputError(`--shard ${text}: the number of shards must be at least 1`);
  if (index < 1 || index > count) throw new InputError(`--shard ${text}: the shard number must be 1 to ${count} (shards are numbered from 1)`);
  return { index, count };
}

function parseFormat(text: string | undefined): ViewFormat | undefined {
  if (text === undefined) return undefined;
  const lower = text.trim().toLowerCase();
  if (lower === 'json' || lower === 'ndjson') return 'jsonl';
  const format = VIEW_FORMATS.find((f) => f === lower);
  if (format !== undefined) return format;
  throw new InputError(notAChoice('format', text, VIEW_FORMATS));
}

export interface SweepParseOutcome {
  readonly command?: SweepCommand;
  /** Text yargs printed itself (help): print it and exit 0. */
  readonly output?: string;
}

/** `--sort -period` would read as the short flags -p -e -r ...: join it into `--sort=-period`. */
function joinDescendingSort(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (args[i] === '--sort' && next !== undefined && /^-[A-Za-z]/.test(next)) {
      joined.push(`--sort=${next}`);
      i++;
    } else joined.push(args[i]!);
  }
  return joined;
}

/** --out FILE of a sweep that computes: a results file every rule goes into, which --resume continues. */
function checkResultsFile(out: string | undefined, format: string | undefined, viewed: boolean): void {
  if (out === undefined) return;
  if (format === 'table') throw new InputError(`--out ${out}: a results file is jsonl or csv, not a table (use --format jsonl or csv, or leave --format out)`);
  if (viewed) {
    throw new InputError(`--where and --sort apply to a view, but --out records every rule (so --resume can continue); view the file with: sg-explore sweep --from ${out} --where ... --sort ...`);
  }
}

/** --frequencies FILE: a line for every rule of a list a run computes, in a file of its own (the table says where it applies). */
function checkFrequenciesFile(frequencies: string, given: { out?: string; plot?: string; rules?: string }): void {
  if (frequencies.trim() === '' || frequencies === '-') throw new InputError('--frequencies: needs a file name');
  const clash = [['--out', given.out], ['--plot', given.plot], ['--rules', given.rules]].find(([, path]) => path === frequencies);
  if (clash) throw new InputError(`--frequencies ${frequencies}: the same file as ${clash[0]}`);
}

/** --rules FILE: a list of rules, read later. */
function rulesSource(parsed: Record<string, unknown>): FamilySource {
  const file = single(parsed.rules, 'rules')!;
  if (file.trim() === '') throw new InputError('--rules: needs a file name');
  return { rulesFile: file };
}

/** --family NAME and the flags that describe it (the table has refused those of another family, and asked for those it needs). */
function familyOf(name: string, parsed: Record<string, unknown>): FamilySource {
  const text = (flag: string) => single(parsed[flag], flag);
  const family = familyNamed(name)!.read({
    count: (flag, least, most) => parseSmallCount(text(flag)!, `--${flag}`, least, most),
    range: (flag, least, most) => parseRange(text(flag)!, `--${flag}`, least, most),
    choice(flag, choices, fallback, what) {
      const given = text(flag) ?? fallback;
      const chosen = choices.find((choice) => choice === given.trim());
      if (chosen === undefined) throw new InputError(`--${flag}: ${quote(given)} is not ${choices.join(' or ')} (${what})`);
      return chosen;
    },
  });
  return { family: family as NamedFamily };
}

export async function parseSweepLine(rawArgs: readonly string[], io?: CliIo): Promise<SweepParseOutcome> {
  const args = joinDescendingSort(rawArgs);
  const result = await parseArgs(optionTable(yargs([...args]), io), args, 'sweep: ', 'see sg-explore sweep --help');
  if (!result.argv) return { output: result.output };
  const parsed = result.argv;

  const given = (flag: string) => parsed[flag] !== undefined;
  const format = parseFormat(single(parsed.format, 'format'));
  const where = list(parsed.where);
  const sort = list(parsed.sort);
  where.forEach((w) => parseCondition(w)); // check now: a mistake is bad input before any work
  parseSort(sort);
  const out = single(parsed.out, 'out');
  const plot = single(parsed.plot, 'plot');
  if (plot !== undefined) pictureFile(plot);
  const partial = parsed.partial === true;
  if (out !== undefined && out.trim() === '') throw new InputError('--out: needs a file name');
  if (out === '-') throw new InputError('--out -: a sweep appends to a results file it can resume and merge; leave --out out to write to standard output');

  // The family's name as the table's values and facts read it (case and spaces aside).
  const familyName = () => single(parsed.family, 'family')?.trim().toLowerCase();
  refuseClashes(SWEEP_OPTIONS, { has: (flag) => parsed[flag] !== undefined && parsed[flag] !== false, value: (flag) => (flag === 'family' ? familyName() : single(parsed[flag], flag)) }, SWEEP_GROUPS);
  const source = SWEEP_GROUPS[0].exactlyOne.find(given)!;
  const name = familyName();

  if (source === 'from' || source === 'merge') {
    const files = list(parsed[source]);
    if (files.length === 0) throw new InputError(`--${source}: name at least one results file`);
    return { command: { mode: 'view', files, flag: `--${source}` as '--from' | '--merge', format, where, sort, out, partial, plot } };
  }
  const familySource = source === 'rules' ? rulesSource(parsed) : familyOf(name!, parsed);
  const resume = parsed.resume === true;
  const frequencies = single(parsed.frequencies, 'frequencies');
  if (frequencies !== undefined) checkFrequenciesFile(frequencies, { out, plot, rules: single(parsed.rules, 'rules') });
  checkResultsFile(out, format, where.length + sort.length > 0);
  const shardText = single(parsed.shard, 'shard');
  const auto = shardText === undefined ? null : resolveAutoShard(shardText, io?.env ?? process.env);
  const limitText = single(parsed.limit, 'limit');
  const rareText = single(parsed['rare-heaps'], 'rare-heaps');
  const rareWorkText = single(parsed['rare-work'], 'rare-work');
  return {
    command: {
      mode: 'sweep',
      source: familySource,
      shard: auto ? auto.shard : shardText === undefined ? undefined : parseShard(shardText),
      ...(auto?.source ? { shardSource: auto.source } : {}),
      limit: limitText === undefined ? undefined : parseSmallCount(limitText, '--limit', 1, 2 ** 32 - 1),
      ...(rareText === undefined ? {} : { rareHeaps: parseSmallCount(rareText, '--rare-heaps', 1, 2 ** 32 - 1) }),
      ...(rareWorkText === undefined ? {} : { rareWork: parseSmallCount(rareWorkText, '--rare-work', 1, 2 ** 53) }),
      threads: parseThreads(parsed.threads),
      format,
      where,
      sort,
      out,
      resume,
      progress: parsed.progress as boolean | undefined,
      yes: parsed.yes === true,
      plot,
      frequencies,
    },
  };
}
