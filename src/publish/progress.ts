import type { BuildEvent, BuildStep } from './build-events.ts';

/** How a rebuild tells what it is doing: plain lines, steps, and phases that count their units. */
export interface Reporter {
  /** One line of the log. */
  log(line: string): void;
  /** A step of the build began (a structured event only: the log says it in words). */
  step(step: BuildStep): void;
  /** Starts a phase of about `total` units (`rendering`, 19,627 `pages`); update it as units finish. */
  phase(label: string, total: number, unit: string): Phase;
}

export interface Phase {
  update(done: number): void;
  /** The phase is over (a bar is cleared; the last count is logged). */
  end(): void;
}

/** `42 s`, `3 min 5 s`, `1 h 2 min`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

export interface ProgressState {
  label: string;
  unit: string;
  done: number;
  total: number;
  elapsedMs: number;
}

/** Units a second so far, and the seconds left at that rate (`null` until there is a rate). */
export function rateOf(p: ProgressState): { perSecond: number; secondsLeft: number | null } {
  const perSecond = p.elapsedMs <= 0 ? 0 : (p.done * 1000) / p.elapsedMs;
  return { perSecond, secondsLeft: perSecond > 0 ? Math.max(0, p.total - p.done) / perSecond : null };
}

const number = new Intl.NumberFormat('en-US');

/**
 * A plain progress line, in the form "Publish now" reads from a build
 * (`Build: {phase} {done}/{total} …`, see `src/server/catalogue/site-builder.ts`).
 */
export function progressLine(p: ProgressState): string {
  const { perSecond, secondsLeft } = rateOf(p);
  const left = secondsLeft === null ? '' : `, ${formatDuration(secondsLeft)} left`;
  return `Build: ${p.label} ${p.done}/${p.total} ${p.unit} (${perSecond.toFixed(0)} ${p.unit}/s${left})`;
}

/** A terminal progress bar `width` cells wide, with the same figures. */
export function progressBar(p: ProgressState, width = 24): string {
  const share = p.total <= 0 ? 1 : Math.min(1, p.done / p.total);
  const full = Math.round(share * width);
  const { perSecond, secondsLeft } = rateOf(p);
  const left = secondsLeft === null ? '' : `  ${formatDuration(secondsLeft)} left`;
  const label = p.label.charAt(0).toUpperCase() + p.label.slice(1);
  return (
    `${label.padEnd(12)} [${'#'.repeat(full)}${'-'.repeat(width - full)}] ` +
    `${number.format(p.done)}/${number.format(p.total)} ${p.unit}  ${perSecond.toFixed(0)}/s${left}`
  );
}

/**
 * A reporter for `stream`: on a terminal, phases draw a bar redrawn in place
 * (at most ten times a second); elsewhere (a log file, "Publish now") they print
 * a progress line every `everyMs` and when they end.
 */
export function createReporter(
  stream: NodeJS.WriteStream = process.stderr,
  opts: {
    tty?: boolean;
    everyMs?: number;
    now?: () => number;
    events?: ((event: BuildEvent) => void) | undefined;
  } = {},
): Reporter {
  const events = opts.events;
  const tty = opts.tty ?? stream.isTTY === true;
  const everyMs = opts.everyMs ?? 2000;
  const now = opts.now ?? (() => performance.now());
  let bar = '';
  const clearBar = () => {
    if (bar !== '') stream.write('\r\u001b[2K');
    bar = '';
  };
  return {
    log(line) {
      clearBar();
      stream.write(`${line}\n`);
    },
    step(step) {
      events?.({ type: 'step', step });
    },
    phase(label, total, unit) {
      const started = now();
      let shownAt = -Infinity;
      let done = 0;
      let known = total;
      let sentAt = -Infinity;
      const send = (force: boolean) => {
        const t = now();
        if (events === undefined || (!force && t - sentAt < 200)) return;
        sentAt = t;
        events({ type: 'progress', phase: label, done, total: known, unit });
      };
      const state = (): ProgressState => ({ label, unit, done, total: known, elapsedMs: now() - started });
      const show = (force: boolean) => {
        const t = now();
        if (tty) {
          if (!force && t - shownAt < 100) return;
          shownAt = t;
          const next = progressBar(state());
          if (next === bar) return;
          bar = next;
          stream.write(`\r\u001b[2K${bar}`);
        } else if (force || t - shownAt >= everyMs) {
          shownAt = t;
          stream.write(`${progressLine(state())}\n`);
        }
      };
      return {
        update(n) {
          done = n;
          // The total is an estimate when a phase starts (a first build does not know its static pages yet).
          known = Math.max(known, n);
          show(false);
          send(false);
        },
        end() {
          if (tty) clearBar();
          else show(true);
          send(true);
        },
      };
    },
  };
}
