import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { ServiceError } from '../../lib/api/errors.ts';
import type { SiteStatusDto } from '../../lib/domain/staff-dtos.ts';
import { buildFraction, phaseWords } from '../../lib/domain/staff-views.ts';
import { authorize } from '../../stores/session.ts';
import { buttonStyles } from './button-styles.ts';
import { staff } from './staff-client.ts';

/** How often a running build's progress is read (the brief's "every second"). */
const POLL_MS = 1000;

const ContentChanged = createContext<() => void>(() => {});

/** Tells the banner that something staff did may have changed the public site, so it reads the status again. */
export function useContentChanged(): () => void {
  return useContext(ContentChanged);
}

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A time for people (`3 Mar 2026, 10:02 am`), or `never`. */
export function formatWhen(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return 'never';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : when.format(t);
}

type Outcome = { kind: 'published'; at: string | null } | { kind: 'failed'; message: string; log: string } | null;

/**
 * The static site's freshness for staff (`GET /api/Site/Status`): when public
 * content changed after the last build, "The shop's pages are out of date" and a
 * 'Publish now' button (`POST /api/Site/Publish`); while the rebuild runs, its
 * phase and progress, read every second; then "Published" with the time, or
 * the error. Renders nothing for someone without the Employee role.
 */
export function PublishBanner({ children }: { children?: ReactNode }) {
  const [status, setStatus] = useState<SiteStatusDto | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const [milestone, setMilestone] = useState('');
  const wasRunning = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const read = useCallback(async () => {
    clearTimeout(timer.current);
    if (!authorize('Employee')) return;
    try {
      const next = await staff.site.status();
      if (!alive.current) return;
      setStatus(next);
      setError('');
      if (next.Build.Running) {
        wasRunning.current = true;
        timer.current = setTimeout(() => void read(), POLL_MS);
      } else if (wasRunning.current) {
        wasRunning.current = false;
        if (next.Build.Phase === 'failed' || next.LastBuild?.Status === 'failed') {
          setOutcome({ kind: 'failed', message: next.Build.Message, log: next.LastBuild?.LogTail ?? '' });
          setMilestone(`Publishing failed: ${next.Build.Message}`);
        } else {
          setOutcome({ kind: 'published', at: next.LastBuild?.FinishedAt ?? null });
          setMilestone('Published: the shop shows the catalogue as it is now.');
        }
      }
    } catch (err) {
      if (alive.current) setError(friendlyMessage(err));
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void read();
    const onFocus = () => {
      if (!wasRunning.current) void read();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
      window.removeEventListener('focus', onFocus);
    };
  }, [read]);

  const publish = async () => {
    setStarting(true);
    setError('');
    setOutcome(null);
    try {
      const next = await staff.site.publish();
      setStatus(next);
      setMilestone(
        next.Build.Queued ? 'Publishing queued: it starts when the build under way ends.' : 'Publishing started.',
      );
      wasRunning.current = true;
    } catch (err) {
      setError(friendlyMessage(err));
      // A build someone else started (409) is followed all the same.
      if (err instanceof ServiceError && err.status === 409) wasRunning.current = true;
    } finally {
      setStarting(false);
      void read();
    }
  };

  const changed = useMemo(
    () => () => {
      if (!wasRunning.current) void read();
    },
    [read],
  );

  return (
    <ContentChanged.Provider value={changed}>
      <section aria-label="Shop pages" className="mb-5 empty:hidden print:hidden">
        {status !== null && (
          <Banner status={status} outcome={outcome} starting={starting} onPublish={() => void publish()} />
        )}
        {error !== '' && (
          <p className="mt-2 rounded-lg border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">{error}</p>
        )}
      </section>
      <div role="status" className="sr-only">
        {milestone}
      </div>
      {children}
    </ContentChanged.Provider>
  );
}

function Banner({
  status,
  outcome,
  starting,
  onPublish,
}: {
  status: SiteStatusDto;
  outcome: Outcome;
  starting: boolean;
  onPublish: () => void;
}) {
  const { Build: build } = status;
  if (build.Running) {
    const fraction = buildFraction(build);
    const phase = phaseWords(build.Phase);
    // A counting phase says its units (`120 of 655 pages`); the steps, `step 2 of 5`.
    const units = /^\S+ \d+\/\d+ (\S+)$/.exec(build.Message)?.[1];
    const steps =
      build.Total > 0
        ? units === undefined
          ? `step ${build.Done} of ${build.Total}`
          : `${build.Done.toLocaleString('en-IN')} of ${build.Total.toLocaleString('en-IN')} ${units}`
        : '';
    return (
      <div className="rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950" data-publish-state="running">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            aria-hidden="true"
            className="size-4 rounded-full border-2 border-sky-200 border-t-sky-800 motion-safe:animate-spin"
          />
          <p className="font-semibold">Publishing the shop's pages…</p>
          <p className="text-sm">
            <span className="font-semibold">{phase}</span>
            {steps !== '' && <> · {steps}</>}
          </p>
        </div>
        <progress
          className="mt-2 block h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-sky-700 [&::-webkit-progress-bar]:bg-sky-100 [&::-webkit-progress-value]:bg-sky-700"
          aria-label="Publishing progress"
          aria-valuetext={steps === '' ? phase : `${phase}, ${steps}`}
          {...(fraction === null ? {} : { value: fraction, max: 1 })}
        />
        {build.Message !== '' && units === undefined && (
          <p className="mt-2 break-words text-sm text-sky-900">{build.Message}</p>
        )}
        {build.Queued && (
          <p className="mt-2 text-sm text-sky-900" data-publish-queued>
            Another publish is queued: it starts when this one ends.
          </p>
        )}
      </div>
    );
  }
  if (outcome?.kind === 'failed') {
    return (
      <div className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-red-900" data-publish-state="failed">
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 font-semibold">Publishing failed: {outcome.message}</p>
          <button type="button" className={buttonStyles.danger} onClick={onPublish} disabled={starting}>
            Try again
          </button>
        </div>
        {outcome.log !== '' && (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-semibold">What the build printed</summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded-lg bg-white p-3 text-xs text-slate-800">
              {outcome.log}
            </pre>
          </details>
        )}
      </div>
    );
  }
  if (status.OutOfDate) {
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        data-publish-state="out-of-date"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">The shop's pages are out of date</p>
          <p className="text-sm">Changes made since {formatWhen(status.LastBuiltAt)} are not on the public site yet.</p>
        </div>
        <button type="button" className={buttonStyles.primary} onClick={onPublish} disabled={starting}>
          {starting ? 'Starting…' : 'Publish now'}
        </button>
      </div>
    );
  }
  if (outcome?.kind === 'published') {
    return (
      <p
        className="rounded-2xl border border-brand-300 bg-brand-50 px-4 py-3 font-semibold text-brand-900"
        data-publish-state="published"
      >
        Published at {formatWhen(outcome.at)}: the shop's pages show the catalogue as it is now.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600" data-publish-state="up-to-date">
      The shop's pages are up to date (last published {formatWhen(status.LastBuild?.FinishedAt ?? status.LastBuiltAt)}).
    </p>
  );
}
