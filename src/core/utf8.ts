/**
 * Bytes a user gave (standard input, a file) as text: UTF-8. A byte that is
 * not part of a UTF-8 character is never guessed at (latin1) nor hidden
 * behind U+FFFD: it becomes the escape `\xNN`, the way messages show control
 * characters, so an error quotes what was really there.
 */
// A byte-order mark is kept: it is part of what was given (a rule file's reader skips it itself).
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How many bytes the UTF-8 character at `bytes[at]` takes; 0 when none starts there (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF). */
function characterLength(bytes: Uint8Array, at: number): number {
  const b = bytes[at]!;
  if (b < 0x80) return 1;
  const [length, low, high] = b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf] : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf] : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
  if (length === 0 || at + length > bytes.length) return 0;
  const second = bytes[at + 1]!;
  if (second < low || second > high) return 0;
  for (let i = 2; i < length; i++) if ((bytes[at + i]! & 0xc0) !== 0x80) return 0;
  return length;
}

/** The offset of the first byte that is not part of a UTF-8 character; -1 when all are. */
export function firstNonUtf8(bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length; ) {
    if (bytes[at]! < 0x80) {
      at++;
      continue;
    }
    const length = characterLength(bytes, at);
    if (length === 0) return at;
    at += length;
  }
  return -1;
}

/** `bytes` as UTF-8 text, each byte that is not part of a character as `\xNN`. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    let text = '';
    for (let at = 0; at < bytes.length; ) {
      const bad = firstNonUtf8(bytes.subarray(at));
      if (bad < 0) return text + strict.decode(bytes.subarray(at));
      text += strict.decode(bytes.subarray(at, at + bad)) + `\\x${bytes[at + bad]!.toString(16).padStart(2, '0')}`;
      at += bad + 1;
    }
    return text;
  }
}
