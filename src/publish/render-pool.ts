/**
 * Runs `task` on each of `items`, at most `concurrency` at a time, in order of
 * the list. When a task fails no further task starts, and the promise rejects
 * (with the first failure) only once every task already started has ended:
 * whoever cleans up after it (a full build releasing the shared catalogue on
 * a full disk) knows that nothing of the run is still going on.
 */
export async function eachAtMost<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
