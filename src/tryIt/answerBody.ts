/**
 * What the console does with an answer's body, whatever its size. A documents call can answer
 * megabytes of base64, and a server typed under "Another server" can answer anything: parsing,
 * indenting and highlighting a 36 MB body froze or crashed the tab. So the console reads the body as
 * bytes, keeps all of them for "Save the body", and formats only its first `shownBodyBytes`.
 */

/** How much of a body the console shows, formatted. The rest is in the saved file. */
export const shownBodyBytes = 1_000_000;

/**
 * Bodies longer than this (in characters, once indented) are shown as plain text rather than
 * highlighted: Prism's tokens for a megabyte of JSON take seconds to lay out, plain text a few
 * milliseconds.
 */
export const highlightedBodyChars = 64 * 1024;

/** The most of one body the console keeps; it stops reading a server that sends more. */
export const keptBodyBytes = 250_000_000;

export type AnswerBody = {
  /** What the console shows: the body indented when it is JSON; only its start when `cut`. */
  text: string;
  /** The whole body's size in bytes. */
  bytes: number;
  /** True when `text` shows only the first `shownBodyBytes` of the body. */
  cut: boolean;
  /** The parsed JSON, when the whole body was shown and is JSON (the console reads tokens from it). */
  json?: unknown;
  /** The whole body as received, for "Save the body". */
  file: Blob;
};

/** A body the in-browser sandbox answered with, as an object (undefined for none). */
export function bodyOfValue(value: unknown): AnswerBody {
  if (value === undefined) {
    return {text: '', bytes: 0, cut: false, file: new Blob([])};
  }
  const text = JSON.stringify(value, null, 2);
  const file = new Blob([JSON.stringify(value)], {type: 'application/json'});
  const cut = text.length > shownBodyBytes;
  return {text: cut ? text.slice(0, shownBodyBytes) : text, bytes: file.size, cut, json: cut ? undefined : value, file};
}

/** Bytes gathered into one Blob at a time while a body arrives: a few milliseconds' copy each. */
const blobPartBytes = 4_000_000;

/**
 * Gathers a body as it arrives. The whole body goes into Blobs a few megabytes at a time, as the
 * chunks come, so the end of a 50 MB answer does not copy 50 MB in one task (that took 56 ms idle
 * and over 200 ms on a loaded machine, 2026-11-28); only the first `shownBodyBytes` are kept to read.
 */
export class BodyCollector {
  private readonly parts: Blob[] = [];
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly head: Uint8Array[] = [];
  private headBytes = 0;
  /** The bytes received so far. */
  bytes = 0;

  /**
   * Takes one chunk. Returns true when it sealed a Blob part: a few megabytes copied, so the reader
   * should let the page run before the next chunk (`send.ts`). A body that has already arrived is
   * read chunk after chunk in one task, each `read()` resolving at once; without a pause there, 50 MB
   * held the page for 0.4 to 1 s (Chromium 156, 2026-12-02).
   */
  add(chunk: Uint8Array): boolean {
    this.bytes += chunk.byteLength;
    if (this.headBytes <= shownBodyBytes) {
      this.head.push(chunk);
      this.headBytes += chunk.byteLength;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    if (this.pendingBytes >= blobPartBytes) {
      this.parts.push(new Blob(this.pending as BlobPart[]));
      this.pending = [];
      this.pendingBytes = 0;
      return true;
    }
    return false;
  }

  async finish(contentType: string | null): Promise<AnswerBody> {
    // Blobs made of Blobs share their bytes: this copies only the last pending chunks.
    const file = new Blob([...this.parts, ...(this.pending as BlobPart[])], contentType ? {type: contentType} : undefined);
    const bytes = this.bytes;
    const cut = bytes > shownBodyBytes;
    // In streaming mode the decoder holds back a character cut in half at the end, instead of U+FFFD.
    const text = new TextDecoder().decode(firstBytes(this.head, shownBodyBytes), {stream: cut});
    if (!cut) {
      try {
        const json: unknown = JSON.parse(text);
        return {text: JSON.stringify(json, null, 2), bytes, cut, json, file};
      } catch {
        return {text, bytes, cut, file};
      }
    }
    return {text: looksLikeJson(text, contentType) ? await indentJsonPaced(text) : text, bytes, cut, file};
  }
}

function firstBytes(chunks: Uint8Array[], limit: number): Uint8Array {
  const total = Math.min(limit, chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= total) {
      break;
    }
    const part = chunk.subarray(0, total - offset);
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

function looksLikeJson(text: string, contentType: string | null): boolean {
  return /\bjson\b/i.test(contentType ?? '') || /^\s*[[{]/.test(text);
}

/** Characters indented between two yields to the page, a few milliseconds' work. */
const indentStepChars = 100_000;

/**
 * Indents JSON text as `JSON.stringify(value, null, 2)` would, without parsing it: it works on the
 * start of a body cut anywhere, and on a string of any length. A generator that pauses every
 * `indentStepChars`, so the console can give the page back between steps: a megabyte of small
 * objects takes about 100 ms in all, too long for one task.
 */
export function* indentJsonSteps(text: string): Generator<void, string> {
  const parts: string[] = [];
  const indents = ['\n'];
  let depth = 0;
  const newline = () => (indents[depth] ??= `\n${'  '.repeat(depth)}`);
  // Text from copyFrom to index is a literal or a string not yet copied out.
  let copyFrom = 0;
  let index = 0;
  let nextPause = indentStepChars;
  while (index < text.length) {
    if (index >= nextPause) {
      yield;
      nextPause = index + indentStepChars;
    }
    const char = text[index];
    if (char === '"') {
      index = stringEnd(text, index);
    } else if (isSpace(char)) {
      parts.push(text.slice(copyFrom, index));
      copyFrom = ++index;
    } else if (char === '{' || char === '[' || char === '}' || char === ']' || char === ',' || char === ':') {
      parts.push(text.slice(copyFrom, index));
      if (char === ',') {
        parts.push(`,${newline()}`);
      } else if (char === ':') {
        parts.push(': ');
      } else if (char === '}' || char === ']') {
        depth = Math.max(0, depth - 1);
        parts.push(newline() + char);
      } else {
        let after = index + 1;
        while (after < text.length && isSpace(text[after])) {
          after++;
        }
        if (text[after] === (char === '{' ? '}' : ']')) {
          // An empty object or array stays on its line, as JSON.stringify writes it.
          parts.push(char + text[after]);
          index = after;
        } else {
          depth++;
          parts.push(char + newline());
        }
      }
      copyFrom = ++index;
    } else {
      index++;
    }
  }
  parts.push(text.slice(copyFrom));
  return parts.join('');
}

/** indentJsonSteps in one go. */
export function indentJsonText(text: string): string {
  const steps = indentJsonSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) {
      return step.value;
    }
  }
}

/** Runs indentJsonSteps, giving the page back between steps so input is answered meanwhile. */
async function indentJsonPaced(text: string): Promise<string> {
  const steps = indentJsonSteps(text);
  for (;;) {
    const step = steps.next();
    if (step.done) {
      return step.value;
    }
    await new Promise((resolve) => setTimeout(resolve));
  }
}

/** The index just past the string that opens at `start` (or the text's end, for a cut string). */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) {
      return text.length;
    }
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') {
      backslashes++;
    }
    if (backslashes % 2 === 0) {
      return quote + 1;
    }
    from = quote + 1;
  }
}

function isSpace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\r' || char === '\t';
}

/** A size as people read it: 312 B, 4.2 kB, 52.4 MB (powers of 1000, as file managers show). */
export function readableSize(bytes: number): string {
  if (bytes < 1000) {
    return `${bytes} B`;
  }
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? Number(value.toFixed(1)) : Math.round(value)} ${units[unit]}`;
}
