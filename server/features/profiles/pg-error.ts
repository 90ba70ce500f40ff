/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), carries PostgreSQL's SQLSTATE `code`. */
export function hasPgCode(error: unknown, code: '23503' | '23505'): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
