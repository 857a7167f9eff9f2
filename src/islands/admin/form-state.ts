import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from '../../lib/domain/account-rules.ts';

/**
 * A staff form's state: its values, the messages of its rules and of the server's
 * `ModelState`, what was touched. The inputs are in `TextFields.tsx` and
 * `ChoiceFields.tsx`, the frame with its buttons in `FormShell.tsx`.
 */

/** A form's values as its inputs hold them: text, or a flag for a checkbox. */
export type RawValues = Record<string, string | boolean>;

export interface StaffForm<V extends RawValues> {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** The messages to show under a field now (once it was left, or after a submit attempt, and the server's). */
  errors: (name: keyof V & string) => string[];
  touch: (name: keyof V & string) => void;
  /** The input id of a field. */
  id: (name: keyof V & string) => string;
  /** Shows every message, as a submit does; true when the values pass every rule. */
  attempt: () => boolean;
  /** The server's `ModelState`; messages for fields this form does not show are listed by the form. */
  setServerErrors: (errors: Record<string, string[]>) => void;
  /** Server messages about fields the form has no input for. */
  otherErrors: string[];
  /** True once any value differs from the initial ones. */
  dirty: boolean;
}

/** A form state checked by `validate` (field → messages) on every change. */
export function useStaffForm<V extends RawValues>(initial: V, validate: (values: V) => FieldErrors): StaffForm<V> {
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<Record<string, string[]>>({});
  const start = useRef(initial);
  const clientErrors = useMemo(() => validate(values), [validate, values]);
  const fields = Object.keys(initial);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServer((s) => {
      if (s[name] === undefined) return s;
      const { [name]: _dropped, ...rest } = s;
      return rest;
    });
  }, []);

  return {
    values,
    set,
    errors: (name) => [...(touched[name] || attempted ? (clientErrors[name] ?? []) : []), ...(server[name] ?? [])],
    touch: (name) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    id: (name) => `${prefix}-${name}`,
    attempt: () => {
      setAttempted(true);
      return Object.values(clientErrors).every((list) => list === undefined || list.length === 0);
    },
    setServerErrors: setServer,
    otherErrors: Object.entries(server)
      .filter(([field]) => !fields.includes(field))
      .flatMap(([, messages]) => messages),
    dirty: fields.some((f) => values[f] !== start.current[f]),
  };
}
