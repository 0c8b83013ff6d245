// A failed request's reason, for the slices that keep it to show. Its own module so that a slice
// takes it without importing the store that is built from the slices.

/** A failed request's reason in words, whatever was thrown. */
export function problemOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
