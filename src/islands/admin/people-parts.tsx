import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';

/** What the people pages (employees, end users, roles) share: trimmed profile fields, role badges, "You". */

/** The profile fields as typed, trimmed the way the server stores them. */
export function trimmed<V extends Record<string, string>>(values: V): V {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as V;
}

export function RoleBadges({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-sm italic text-slate-600">No role</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <span
          key={r}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r === 'Admin' ? 'bg-amber-100 text-amber-950' : 'bg-slate-100 text-slate-800'}`}
        >
          {r}
        </span>
      ))}
    </span>
  );
}

export function useMyId(): number | null {
  const user = useStore($user);
  const id = Number(user?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function You({ id }: { id: number }) {
  const me = useMyId();
  return me === id ? (
    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">You</span>
  ) : null;
}
