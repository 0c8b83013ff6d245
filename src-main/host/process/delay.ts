// Waiting without keeping the process alive: the one delay of the host and its tools' stop sequence.

/** Resolves after `ms`; the timer does not hold the process open. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
