/** An (I)LIKE pattern that finds `text` anywhere, its own % and _ read as plain characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
