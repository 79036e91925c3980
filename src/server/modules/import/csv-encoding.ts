/**
 * The text of a CSV file from its bytes, in the encodings spreadsheets save CSV in: UTF-8 (with or
 * without Excel's byte-order mark), UTF-16 with a byte-order mark ("Unicode text"), and GBK, which
 * Chinese Excel writes for plain "CSV", read as GB18030 (its superset). A byte-order mark names
 * the encoding; otherwise bytes that are valid UTF-8 are UTF-8, else GB18030 if they are valid
 * GB18030. Anything else (another encoding, a workbook, a picture) is not read at all: guessing
 * wrong would import names as "����" without a word.
 */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Strict decoding: undefined when the bytes are not valid in `encoding`. */
function decodeAs(encoding: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Control characters no CSV holds: NUL and the like mean a binary file, or UTF-16 without its
 * byte-order mark, which every ASCII byte of would otherwise pass.
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/** The file's text without any byte-order mark, or undefined when it is none of the encodings. */
export function decodeCsvBytes(bytes: Uint8Array): string | undefined {
  let text: string | undefined;
  if (startsWith(bytes, UTF8_BOM)) text = decodeAs('utf-8', bytes.subarray(3));
  else if (startsWith(bytes, [0xff, 0xfe])) text = decodeAs('utf-16le', bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = decodeAs('utf-16be', bytes.subarray(2));
  else text = decodeAs('utf-8', bytes) ?? decodeAs('gb18030', bytes);
  return text === undefined || hasControlCharacter(text) ? undefined : text;
}
