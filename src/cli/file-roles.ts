import { InputError } from '../core/errors.js';
import { fileIdentity } from '../host/files/identity.js';

/**
 * Files given to a command, each in its role (read, written, or both), checked
 * before any work: one file in two roles, one of them written, would be lost
 * (`--rule r.yaml --out r.yaml` replaces the rule file with the report;
 * `--out p.svg --plot p.svg` keeps only one of the two). Names are compared as
 * files, so a symbolic or hard link to the same file is caught too.
 */
export interface FileRole {
  /** How the command line named it: `--out`, or `graph (in r.yaml)`. */
  readonly flag: string;
  readonly path: string;
  readonly writes: boolean;
  readonly reads: boolean;
}

export function refuseSharedFiles(roles: readonly FileRole[]): void {
  const seen = new Map<string, FileRole>();
  for (const role of roles) {
    const identity = fileIdentity(role.path);
    if (identity === null) continue;
    const other = seen.get(identity.key);
    if (!other) {
      seen.set(identity.key, role);
      continue;
    }
    if (!other.writes && !role.writes) continue; // read twice: no harm
    if (identity.device && !other.reads && !role.reads) continue; // two outputs into /dev/null or a terminal
    const another = other.path === role.path ? '' : ' (two names of one file)';
    throw new InputError(`${other.flag} ${other.path} and ${role.flag} ${role.path} are the same file${another}; give each its own file`, { code: 'bad-file', value: role.path });
  }
}
