/** A failed parse's issues as a form shows them: the first message per field, keyed by the field's name. */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}
