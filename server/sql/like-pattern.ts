/** A LIKE / ILIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containingPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
