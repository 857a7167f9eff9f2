import pino from 'pino';

/** One structured log event: `msg`, optional `level` (`info` by default) and any fields. */
export type Logger = (entry: Record<string, unknown>) => void;

/** A logger whose buffered lines can be written out before the process ends. */
export interface FlushingLogger extends Logger {
  flush(): void;
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/**
 * JSON lines (`{"level":"info","t":"…","msg":"request",…}`) on stdout through pino.
 * Lines are buffered and written by the event loop in blocks of a few kilobytes,
 * so logging a request never waits for the terminal, pipe or file behind stdout;
 * an `error` or `fatal` line is written out at once.
 */
export function createJsonLogger(dest: number | string = 1): FlushingLogger {
  const stream = pino.destination({ dest, sync: false, minLength: 4096 });
  const out = pino(
    {
      base: null,
      messageKey: 'msg',
      timestamp: () => `,"t":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  const log = ((entry: Record<string, unknown>) => {
    const { level, ...fields } = entry;
    const name = typeof level === 'string' && LEVELS.has(level) ? (level as pino.Level) : 'info';
    out[name](fields);
    if (name === 'error' || name === 'fatal') log.flush();
  }) as FlushingLogger;
  log.flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Nothing buffered, or stdout already closed: nothing more can be written.
    }
  };
  return log;
}

let shared: FlushingLogger | undefined;

/** The process's one JSON logger on stdout, made on first use. */
export function stdoutLogger(): FlushingLogger {
  shared ??= createJsonLogger(1);
  return shared;
}

export const silentLogger: Logger = () => {};

/** Requests slower than this are logged as `warn`, so an operator can keep only those. */
export const SLOW_REQUEST_MS = 1000;
