import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/**
 * Short-lived messages about what just happened ("Category Fruit was created."),
 * in live regions so screen readers announce them: outcomes politely, failures
 * as alerts. Each stays a few seconds, or until dismissed.
 */

export type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastApi {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<ToastApi>({ success: () => {}, error: () => {} });

/** Shows toasts from anything rendered inside `ToastProvider`. */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

const LIFETIME_MS: Record<ToastKind, number> = { success: 6000, error: 12000 };

export function ToastProvider({ children }: { children?: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const push = useCallback(
    (kind: ToastKind, text: string) => {
      const id = next.current++;
      // The newest four are plenty; older ones have been read or announced.
      setToasts((list) => [...list.slice(-3), { id, kind, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), LIFETIME_MS[kind]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (text) => push('success', text), error: (text) => push('error', text) }),
    [push],
  );

  const list = (kind: ToastKind) =>
    toasts
      .filter((t) => t.kind === kind)
      .map((t) => (
        <div
          key={t.id}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ring-1 ${
            kind === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-slate-900 text-white ring-slate-900'
          }`}
        >
          <span aria-hidden="true" className="mt-0.5 font-bold">
            {kind === 'error' ? '!' : '✓'}
          </span>
          <p className="flex-1">{t.text}</p>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className={`-my-1 rounded-md px-2 py-1 font-semibold ${kind === 'error' ? 'hover:bg-red-100' : 'hover:bg-white/15'}`}
          >
            Dismiss<span className="sr-only"> message</span>
          </button>
        </div>
      ));

  // Row actions, dialog buttons and the publish button sit at the right: toasts keep to the left on wide
  // screens, and the page gains room below its end as tall as the toasts, so nothing stays under them.
  const region = useRef<HTMLDivElement>(null);
  const [reserve, setReserve] = useState(0);
  useEffect(() => {
    const el = region.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setReserve(toasts.length === 0 ? 0 : el.offsetHeight));
    observer.observe(el);
    setReserve(toasts.length === 0 ? 0 : el.offsetHeight);
    return () => observer.disconnect();
  }, [toasts.length]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-hidden="true" style={{ height: reserve }} />
      <div
        ref={region}
        className="pointer-events-none fixed bottom-0 print:hidden left-0 z-40 flex w-full flex-col items-stretch gap-2 p-3 sm:w-auto sm:max-w-sm sm:p-4"
      >
        <div role="alert" className="flex w-full flex-col gap-2">
          {list('error')}
        </div>
        <div role="status" className="flex w-full flex-col gap-2">
          {list('success')}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
