/**
 * How deep a JSON body may nest. The site's deepest body is 3 levels (bulk moves: an object, its
 * array, an entry); 16 leaves room for any client, and keeps every reader that walks a body (the
 * schemas, better-auth, its input check) far from the stack's end (issue 24, finding 2: a body
 * 4,000 deep overflowed one and answered 500).
 */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Follows how deep JSON nests as its bytes arrive, chunk by chunk, without parsing: no recursion,
 * nothing built, whatever the text holds (malformed JSON is the parser's to refuse). The bytes it
 * looks for are ASCII, which no byte of a multi-byte UTF-8 character can be mistaken for.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Set once the text has opened more than `max` arrays or objects inside one another. */
  tooDeep = false;

  constructor(private readonly max: number = MAX_JSON_DEPTH) {}

  /** Reads the next chunk; true when the text is now too deep. */
  push(bytes: Uint8Array): boolean {
    for (let i = 0; i < bytes.length && !this.tooDeep; i++) {
      const byte = bytes[i]!;
      if (this.escaped) this.escaped = false;
      else if (this.inString) {
        if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) this.tooDeep = ++this.depth > this.max;
      else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) this.depth--;
    }
    return this.tooDeep;
  }
}
