/** One option of a command, as data: the yargs table and the quick parser are both built from it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly array?: boolean;
  readonly describe: string;
  readonly group: string;
  readonly choices?: readonly string[];
}

/**
 * The everyday command line (`--moves 1,2,3 --max 1e6 --format csv`) read
 * from the option table's data alone, without loading yargs. Anything it is
 * not sure of — an unknown or short flag, help, version, a positional word, a
 * value that looks like a flag — returns null, and the caller asks yargs,
 * whose answer (and error message) is the reference.
 */
export function quickParse(args: readonly string[], options: Readonly<Record<string, OptionSpec>>): Record<string, unknown> | null {
  const argv: Record<string, unknown> = { _: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg === '--') return null;
    const eq = arg.indexOf('=');
    let name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    let negated = false;
    if (!Object.hasOwn(options, name) && name.startsWith('no-') && options[name.slice(3)]?.type === 'boolean') {
      name = name.slice(3);
      negated = true;
    }
    const spec = options[name];
    if (!spec) return null;
    if (spec.type === 'boolean') {
      if (eq >= 0) return null;
      argv[name] = !negated;
      continue;
    }
    if (negated) return null;
    const values: string[] = [];
    if (eq >= 0) values.push(arg.slice(eq + 1));
    else {
      // A value that starts with '-' is yargs' to judge (a negative number? a flag?).
      if (i + 1 >= args.length || args[i + 1]!.startsWith('-')) return null;
      values.push(args[++i]!);
    }
    if (spec.array) {
      while (i + 1 < args.length && !args[i + 1]!.startsWith('-')) values.push(args[++i]!);
      argv[name] = [...((argv[name] as string[] | undefined) ?? []), ...values];
    } else argv[name] = argv[name] === undefined ? values[0] : [...[argv[name]].flat(), values[0]];
    if (spec.choices && !spec.choices.includes(values[0]!)) return null;
  }
  return argv;
}
