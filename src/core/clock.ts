/** The build's notion of "now": SOURCE_DATE_EPOCH (seconds) when set, so builds are reproducible. */
export function clockFromEnv(env: Record<string, string | undefined>, fallback: () => Date): Date {
  const raw = env['SOURCE_DATE_EPOCH'];
  if (raw === undefined || raw === '') return fallback();
  if (!/^\d+$/.test(raw)) throw new RangeError(`SOURCE_DATE_EPOCH must be whole seconds since 1970, got ${JSON.stringify(raw)}`);
  return new Date(Number(raw) * 1000);
}
