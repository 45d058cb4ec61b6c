/**
 * Cuts a plain-SQL dump (pg_dump's output) into statements, chunk by chunk, so a restore can run a
 * dump of any size in batches and say how far it got. A `;` ends a statement only outside quotes
 * ('…', E'…', "…", $tag$…$tag$) and comments (-- …, /* … *\/). psql's meta-commands (`\restrict`,
 * which pg_dump 15.14+ writes) are dropped: the statements are sent to the server, not to psql.
 */
export class StatementSplitter {
  #pending = "";
  /** Where scanning resumes in #pending, and the state it was in there. */
  #scanned = 0;
  #state: State = { kind: "code" };

  /** Adds text; returns the statements it completed (with their `;`). */
  push(text: string): string[] {
    this.#pending += text;
    const done: string[] = [];
    let start = 0;
    let i = this.#scanned;
    const s = this.#pending;
    let state = this.#state;
    while (i < s.length) {
      const c = s[i];
      if (state.kind === "code") {
        if ((c === "-" || c === "/") && i + 1 >= s.length) break; // a comment may start across chunks
        if (c === ";") {
          done.push(s.slice(start, i + 1));
          start = i + 1;
          i++;
        } else if (c === "'") {
          const escapes = (s[i - 1] === "E" || s[i - 1] === "e") && !/[\w$]/.test(s[i - 2] ?? "");
          state = { kind: "string", escapes };
          i++;
        } else if (c === '"') {
          state = { kind: "identifier" };
          i++;
        } else if (c === "-" && s[i + 1] === "-") {
          state = { kind: "line-comment" };
          i += 2;
        } else if (c === "/" && s[i + 1] === "*") {
          state = { kind: "block-comment" };
          i += 2;
        } else if (c === "$" && !/[\w$]/.test(s[i - 1] ?? "")) {
          const tag = /^\$([A-Za-z_]\w*)?\$/.exec(s.slice(i, i + 66));
          if (tag) {
            state = { kind: "dollar", tag: tag[0] };
            i += tag[0].length;
          } else if (s.length - i < 66 && !/^\$\d/.test(s.slice(i))) {
            break; // the tag may go on in the next chunk
          } else i++;
        } else if (c === "\\" && (i === 0 || s[i - 1] === "\n")) {
          // A psql meta-command line (pg_dump writes them between statements only).
          const end = s.indexOf("\n", i);
          if (end < 0) break;
          start = end + 1;
          i = end + 1;
        } else i++;
      } else if (state.kind === "string") {
        if (state.escapes && c === "\\") {
          if (i + 1 >= s.length) break;
          i += 2;
        } else if (c === "'") {
          if (i + 1 >= s.length) break; // '' (an escaped quote) or the end: the next chunk says
          if (s[i + 1] === "'") i += 2;
          else {
            state = { kind: "code" };
            i++;
          }
        } else i++;
      } else if (state.kind === "identifier") {
        if (c === '"') state = { kind: "code" };
        i++;
      } else if (state.kind === "line-comment") {
        if (c === "\n") state = { kind: "code" };
        i++;
      } else if (state.kind === "block-comment") {
        if (c === "*" && s[i + 1] === "/") {
          state = { kind: "code" };
          i += 2;
        } else if (c === "*" && i + 1 >= s.length) break;
        else i++;
      } else {
        const end = s.indexOf(state.tag, i);
        if (end < 0) {
          i = Math.max(i, s.length - state.tag.length);
          break;
        }
        i = end + state.tag.length;
        state = { kind: "code" };
      }
    }
    this.#pending = s.slice(start);
    this.#scanned = Math.min(i, s.length) - start;
    this.#state = state;
    return done;
  }

  /** What is left after the last `;`: only whitespace or comments in a whole dump. */
  rest(): string {
    return this.#pending;
  }
}

type State =
  | { kind: "code" }
  | { kind: "string"; escapes: boolean }
  | { kind: "identifier" }
  | { kind: "line-comment" }
  | { kind: "block-comment" }
  | { kind: "dollar"; tag: string };

/** Every statement of a whole text (tests, small dumps). */
export function splitStatements(text: string): string[] {
  const splitter = new StatementSplitter();
  const statements = splitter.push(text);
  if (splitter.rest().trim() && !/^(\s|--[^\n]*\n?)*$/.test(splitter.rest())) statements.push(splitter.rest());
  return statements;
}
