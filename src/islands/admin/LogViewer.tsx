import { useEffect, useId, useState } from 'react';
import { auditChangeText } from '../../lib/domain/audit-detail.ts';
import { actorInWords, auditPhrase } from '../../lib/domain/audit-words.ts';
import type { AuditEntryDto } from '../../lib/domain/staff-dtos.ts';
import { DataTable } from './DataTable.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

/** The families of audited actions (docs/api.md "The audit log"), as `action` prefixes. */
const ACTIONS: { value: string; label: string }[] = [
  { value: '', label: 'All actions' },
  { value: 'category.', label: 'Categories' },
  { value: 'store.', label: 'Stores' },
  { value: 'storedb.', label: 'Store databases' },
  { value: 'section.', label: 'Sections and publishing' },
  { value: 'item.', label: 'Items' },
  { value: 'content.', label: 'Pictures' },
  { value: 'site.', label: 'Publishing the shop' },
  { value: 'order.', label: 'Orders' },
  { value: 'coupon.', label: 'Coupons' },
  { value: 'role.', label: 'Roles' },
  { value: 'employee.', label: 'Employees' },
  { value: 'user.', label: 'End users' },
  { value: 'account.', label: 'Registrations' },
  { value: 'signin.', label: 'Sign-ins' },
  { value: 'catalogue.', label: 'Imports' },
  { value: 'feed.', label: 'Stock and price feeds' },
  { value: 'feedclient.', label: 'Feed keys' },
];

const controlClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';

/** Text typed into a filter, settled once typing pauses. */
function useSettled(text: string, ms = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

const localParts = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A time in the browser's time zone as people write it: `27 Nov 2026, 4:05 pm`. */
function localTime(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const parts = localParts.formatToParts(t);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** What happened, its target's name a link to the page that works with it. */
function WhatHappened({ entry }: { entry: AuditEntryDto }) {
  const phrase = auditPhrase(entry.Action, entry.Target, entry.TargetName, entry.Detail);
  return (
    <span className="font-normal">
      {phrase.lead}
      {entry.TargetLink === null || phrase.name === '' ? (
        phrase.name
      ) : (
        <a href={entry.TargetLink} className="font-semibold text-brand-800 underline underline-offset-2">
          {phrase.name}
        </a>
      )}
      {phrase.tail}
    </span>
  );
}

/** An e-mail address that wraps only before its `@`, never inside a word. */
function Email({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at <= 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

/**
 * `/app/edu-shopy/logs` (Admin): the audit log, newest first: who did what to
 * which target, when and from which address; narrowed by action, actor and
 * dates, searched, sorted and paged.
 */
export function LogViewer() {
  return (
    <StaffPage
      needs="Admin"
      title="Logs"
      description="Every staff change, sign-in, role change, order move and publish: who, what, when and from where."
    >
      <LogBody />
    </StaffPage>
  );
}

function LogBody() {
  const ids = { action: useId(), actor: useId(), from: useId(), to: useId() };
  const [action, setAction] = useState('');
  const [actorText, setActorText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const actor = useSettled(actorText);
  const dateRangeWrong = from !== '' && to !== '' && to < from;

  return (
    <DataTable<AuditEntryDto>
      caption="Audit log"
      noun="entries"
      filterLabel="Search the log"
      reloadKey={JSON.stringify([action, actor, from, dateRangeWrong ? '' : to])}
      load={(q) => staff.log.list({ ...q, action, actor, from, to: dateRangeWrong ? '' : to })}
      rowKey={(r) => r.LogID}
      rowName={(r) => `entry ${r.LogID}`}
      toolbar={
        <>
          <div className="min-w-0 basis-44">
            <label htmlFor={ids.action} className="mb-1 block text-sm font-semibold text-slate-800">
              Action
            </label>
            <select id={ids.action} value={action} onChange={(e) => setAction(e.target.value)} className={controlClass}>
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 basis-44">
            <label htmlFor={ids.actor} className="mb-1 block text-sm font-semibold text-slate-800">
              Who
            </label>
            <input
              id={ids.actor}
              type="search"
              value={actorText}
              placeholder="E-mail contains…"
              onChange={(e) => setActorText(e.target.value)}
              className={controlClass}
            />
          </div>
          <div className="basis-36">
            <label htmlFor={ids.from} className="mb-1 block text-sm font-semibold text-slate-800">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={controlClass}
            />
          </div>
          <div className="basis-36">
            <label htmlFor={ids.to} className="mb-1 block text-sm font-semibold text-slate-800">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={to}
              min={from === '' ? undefined : from}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={dateRangeWrong || undefined}
              aria-describedby={dateRangeWrong ? `${ids.to}-error` : undefined}
              className={controlClass}
            />
            {dateRangeWrong && (
              <p id={`${ids.to}-error`} className="mt-1 text-sm text-red-700">
                To must not be before From.
              </p>
            )}
          </div>
        </>
      }
      columns={[
        {
          label: 'When',
          sort: 'At',
          cell: (r) => (
            <time dateTime={r.At} title={r.At}>
              {localTime(r.At)}
            </time>
          ),
          className: 'whitespace-nowrap',
        },
        {
          label: 'Who',
          sort: 'ActorEmail',
          cell: (r) => <Email text={actorInWords(r.ActorEmail)} />,
          className: 'min-w-[10rem]',
        },
        {
          label: 'What happened',
          sort: 'Action',
          rowHeader: true,
          cell: (r) => {
            return (
              <>
                <WhatHappened entry={r} />
                {r.Changes.length > 0 && (
                  <ul className="mt-0.5 max-w-xl text-xs font-normal text-slate-700 [overflow-wrap:anywhere]">
                    {r.Changes.map((c) => (
                      <li key={c.Field}>{auditChangeText(c)}</li>
                    ))}
                  </ul>
                )}
                <details className="mt-1 text-xs font-normal text-slate-700">
                  <summary className="cursor-pointer text-brand-800">Raw details</summary>
                  <code className="block">
                    {r.Action} {r.Target}
                  </code>
                  <pre className="mt-1 max-w-xl overflow-x-auto whitespace-pre-wrap [overflow-wrap:anywhere]">
                    {JSON.stringify(r.Detail, null, 1)}
                  </pre>
                </details>
              </>
            );
          },
        },
        {
          label: 'Address',
          sort: 'Address',
          cell: (r) => r.Address,
          className: 'hidden lg:table-cell whitespace-nowrap',
        },
      ]}
      empty={<p>Nothing in the log matches these choices.</p>}
      pageSizes={[20, 50, 100, 200]}
    />
  );
}
