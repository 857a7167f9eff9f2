import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { buttonStyles } from './button-styles.ts';
import { StaffPage } from './StaffPage.tsx';
import { search } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/** `/app/edu-shopy/search-words`: the search's synonym groups (Employee), one group a line. */
export function SynonymsAdmin() {
  return (
    <StaffPage
      title="Search words"
      description="Words the search treats as one: a shopper typing any word of a line finds products named by the others."
    >
      <Synonyms />
    </StaffPage>
  );
}

const toText = (groups: string[][]) => groups.map((g) => g.join(', ')).join('\n');
const toGroups = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .filter((g) => g.length > 0);

function Synonyms() {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState('');
  const toast = useToast();
  useEffect(() => {
    search.synonyms().then(
      (s) => setText(toText(s.Groups)),
      (err: unknown) => setError(friendlyMessage(err)),
    );
  }, []);
  const save = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    try {
      const saved = await search.saveSynonyms(toGroups(text ?? ''));
      setText(toText(saved.Groups));
      toast.success(`${saved.Groups.length} groups of search words were saved.`);
    } catch (err) {
      setError(friendlyMessage(err));
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={`${id}-h`} className="text-xl font-bold text-brand-900">
        Synonyms
      </h2>
      {text === null && error === '' ? (
        <p>Loading…</p>
      ) : (
        <form onSubmit={save} className="mt-3 space-y-3">
          <label htmlFor={`${id}-t`} className="block font-semibold text-slate-800">
            One group a line, words separated by commas{' '}
            <span className="font-normal text-slate-700">(such as: atta, wheat flour)</span>
          </label>
          <textarea
            id={`${id}-t`}
            value={text ?? ''}
            rows={14}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm"
          />
          <button type="submit" className={buttonStyles.primary}>
            Save search words
          </button>
        </form>
      )}
      {error !== '' && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
