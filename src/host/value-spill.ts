import { closeSync, ftruncateSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, says } from '../core/errors.js';
import type { ValueSpill } from '../core/kinds/take-and-break/platform.js';
import { describeFsError } from './files/fs-errors.js';
import { discard, temporaryBeside } from './files/temporary.js';

/**
 * A windowed run's values on disk (see ValueSpill): two bytes a value, little-endian, in heap order, written as
 * the run goes and read back with positioned reads. Beside the checkpoint (FILE.values) when there is one, kept for
 * a --resume; else a temporary file, removed when the run ends (or is stopped).
 */
export class FileSpill implements ValueSpill {
  count = 0;
  private fd: number | null;
  private readonly temporary: string | null;

  constructor(path: string | null, resume: boolean) {
    this.temporary = path === null ? temporaryBeside(join(tmpdir(), 'sg-explore-window.values')) : null;
    const file = path ?? this.temporary!;
    try {
      this.fd = openSync(file, resume ? 'r+' : 'w+');
      if (resume) this.count = Math.floor(fstatSync(this.fd).size / 2);
    } catch (error) {
      if (this.temporary) discard(this.temporary);
      throw new InputError(says`the values file ${file}: ${resume ? 'cannot continue it' : 'cannot write it'} (${describeFsError(error)})`, { code: 'bad-file', value: file });
    }
  }

  append(values: Uint16Array): void {
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd!, bytes, at, bytes.length - at, 2 * this.count + at);
    this.count += values.length;
  }

  read(from: number, into: Uint16Array): void {
    const bytes = new Uint8Array(into.buffer, into.byteOffset, into.byteLength);
    for (let at = 0; at < bytes.length; ) {
      const read = readSync(this.fd!, bytes, at, bytes.length - at, 2 * from + at);
      if (read === 0) throw new RangeError(`values file: G(${from + at / 2}) is past its end`);
      at += read;
    }
  }

  truncate(count: number): void {
    ftruncateSync(this.fd!, 2 * count);
    this.count = count;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    if (this.temporary) discard(this.temporary);
  }
}

