/**
 * Work done in passes, one at a time in this process: the mail queue's sends and the
 * invoices' numbers. A kick during a pass runs one more pass after it, so a burst of
 * commits costs at most two passes, and none is missed.
 */
export interface Passes {
  /** Starts a pass now, or after the one under way; resolves when no pass is left to run. */
  kick(): Promise<void>;
  /** The passes under way, if any. */
  current(): Promise<void> | undefined;
  /** Runs a pass now and every `intervalMs` (an unref'd timer: it never keeps the process alive). */
  start(intervalMs: number): void;
  stop(): void;
}

/** Passes of `pass`, which must never reject (it logs its own failures). */
export function createPasses(pass: () => Promise<void>): Passes {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const kick = (): Promise<void> => {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    kick,
    current: () => running,
    start(intervalMs) {
      if (timer !== undefined) return;
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
      void kick();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
