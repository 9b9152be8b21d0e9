/**
 * Runs `task` every `intervalMs`, never two at once in this process; a failure is logged and the
 * next tick tries again. The timer never keeps the process alive on its own. Returns a stop function.
 */
export function every(intervalMs: number, task: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
