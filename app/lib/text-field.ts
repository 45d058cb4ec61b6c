import { z } from "zod";

/** What a text field says when it holds characters nobody types. */
export const PLAIN_TEXT_MESSAGE = "Use letters, numbers and punctuation only";

// C0 controls, DEL and C1 controls; a multi-line field keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less the three a multi-line field allows
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// A surrogate without its pair is not a character: UTF-8 cannot hold it, and the database would garble it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string is text a person could have typed: no NUL or other control characters (which
 * PostgreSQL refuses, or which break e-mail headers, CSV rows and calendar files) and no lone
 * surrogates. Tabs and line breaks only where the field is multi-line.
 */
export function isPlainText(value: string, { multiLine = false } = {}): boolean {
  return !(multiLine ? CONTROL_BUT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The longest text any field takes, whatever its own limit: the longest real one is a package's
 * feature list typed as lines (30 of 160 characters). Ids and searches without a limit of their
 * own are bounded by it too.
 */
export const TEXT_MAX = 10_000;

/**
 * A string field people fill in: every text field of every schema starts here, so none lets a
 * control character through, nor more than TEXT_MAX characters. `message` is the field's own for
 * a missing or non-string value; `invalid` its message for characters it refuses.
 */
export function textField({
  message,
  multiLine = false,
  invalid = PLAIN_TEXT_MESSAGE,
}: { message?: string; multiLine?: boolean; invalid?: string } = {}) {
  return z
    .string(message === undefined ? undefined : { message })
    .max(TEXT_MAX, `At most ${TEXT_MAX} characters`)
    .refine((v) => isPlainText(v, { multiLine }), invalid);
}
