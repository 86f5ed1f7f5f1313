/** The first German message per field, keyed by the field's top-level name. */
export type FieldErrors = Partial<Record<string, string>>;

interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** Any zod schema: the forms validate with the contracts' schemas, the same ones the server uses. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: IssueList };
}

/** One message per field (the first issue wins, as the server answers the first issue too). */
export function fieldErrors(error: IssueList): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates form input with a contracts schema: the parsed body, or the messages per field. */
export function validate<T>(schema: Schema<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** Coordinates are one control on screen (the map): their messages go to 'point'. */
export function withPointError(errors: FieldErrors): FieldErrors {
  return { ...errors, point: errors.latitude ?? errors.longitude ?? errors.point };
}
