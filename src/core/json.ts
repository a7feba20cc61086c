/** Stable JSON: 2-space indent and a trailing newline, keys kept in the order the object was built. */
export function stableStringify(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
