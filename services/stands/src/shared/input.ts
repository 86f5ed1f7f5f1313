/** True for PostgreSQL's unique violation on the named index (a race lost against another request). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && name === constraint;
}

/** Coordinates as the decimal columns store them (the numeric(…, 8) scale). */
export function toDecimal(value: number | null | undefined): string | null {
  return value == null ? null : value.toFixed(8);
}
