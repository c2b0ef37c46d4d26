/**
 * Runs `pass` every `intervalMs`, never two at once in one process (a pass still running when the
 * next is due is skipped), and keeps the process from waiting on the timer. A pass that throws is
 * handed to `failed`; the next one runs as usual. Returns a function that stops it and waits for a
 * pass in progress.
 */
export function runEvery(
  intervalMs: number,
  pass: () => Promise<unknown>,
  failed: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
