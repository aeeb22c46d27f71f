import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { InputError } from './errors.js';
import { valueView, type ValueArray } from './engine/store.js';

/**
 * Checkpoints of a long computation: the rule and the values computed so far.
 * Every kernel rebuilds its own state from the values, so they are all a
 * resumed run needs to finish bit-identical to an uninterrupted one.
 *
 * Format: one JSON header line, then the values as little-endian unsigned
 * integers of `bytesPerValue` bytes. Written to a temporary file, synced,
 * then renamed over the old checkpoint: a kill at any moment leaves the
 * previous checkpoint or the new one, never a torn file.
 */
const FORMAT = 'sg-explore-checkpoint';
const VERSION = 1;

interface Header {
  format: string;
  version: number;
  rule: string;
  count: number;
  bytesPerValue: number;
  checksum: number;
}

function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

function bytesOf(values: ValueArray): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

export function saveCheckpoint(path: string, rule: string, values: ValueArray): void {
  const bytes = bytesOf(values);
  const header: Header = { format: FORMAT, version: VERSION, rule, count: values.length, bytesPerValue: values.BYTES_PER_ELEMENT, checksum: checksum(bytes) };
  const temporary = `${path}.${process.pid}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'w');
    writeSync(fd, JSON.stringify(header) + '\n');
    for (let offset = 0; offset < bytes.length; offset += 1 << 26) writeSync(fd, bytes, offset, Math.min(1 << 26, bytes.length - offset));
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temporary);
    } catch {
      /* never created */
    }
    throw new InputError(`--checkpoint ${path}: cannot write it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** Fail now, not at the first save, when the checkpoint cannot be written where asked. */
export function checkCheckpointWritable(path: string): void {
  const probe = `${path}.${process.pid}.probe`;
  if (existsSync(path) && statSync(path).isDirectory()) throw new InputError(`--checkpoint ${path}: is a directory, not a file`);
  try {
    closeSync(openSync(probe, 'w'));
    unlinkSync(probe);
  } catch (error) {
    throw new InputError(`--checkpoint ${path}: cannot write there (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

export function loadCheckpoint(path: string, rule: string): ValueArray {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`--checkpoint ${path}: cannot read it (${code === 'ENOENT' ? 'no such file' : code ?? String(error)})`);
  }
  const newline = data.indexOf(10);
  let header: Header;
  try {
    header = JSON.parse(data.subarray(0, newline < 0 ? 0 : newline).toString('utf8')) as Header;
  } catch {
    throw new InputError(`--checkpoint ${path}: not a sg-explore checkpoint`);
  }
  if (typeof header !== 'object' || header === null || header.format !== FORMAT || header.version !== VERSION) throw new InputError(`--checkpoint ${path}: not a sg-explore checkpoint (version ${VERSION})`);
  if (header.rule !== rule) throw new InputError(`--checkpoint ${path}: it is for '${header.rule}', not '${rule}'`);
  const body = data.subarray(newline + 1);
  if (body.length !== header.count * header.bytesPerValue || checksum(body) !== header.checksum) {
    throw new InputError(`--checkpoint ${path}: damaged (size or checksum does not match its header)`);
  }
  if (![1, 2, 4].includes(header.bytesPerValue)) throw new InputError(`--checkpoint ${path}: damaged (value width ${header.bytesPerValue})`);
  const copy = new ArrayBuffer(body.length);
  new Uint8Array(copy).set(body);
  return valueView(copy, header.bytesPerValue);
}
