import type { SectionDto } from '../../lib/domain/catalogue.ts';
import type { Column, TableHandle } from './DataTable.tsx';
import { useContentChanged } from './PublishBanner.tsx';
import { SwitchButton } from './row-actions.tsx';

/** The cells the catalogue's tables share: a row's link, the title cell and columns, the Hidden switch. */

/** A link among a row's actions. */
export const rowLinkClass =
  'inline-flex min-h-12 items-center rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 md:min-h-0';

/** The Title column's cell: the title (italic when hidden) over a short description. */
export function TitleCell({ title, hidden, description }: { title: string; hidden: boolean; description: string }) {
  return (
    <>
      <span className={hidden ? 'italic' : ''}>{title}</span>
      {description !== '' && (
        <span className="mt-0.5 line-clamp-2 block max-w-md text-xs font-normal text-slate-600">{description}</span>
      )}
    </>
  );
}

/** The ID and Title columns a table of sections (drafts or public copies) starts with. */
export function sectionTitleColumns<
  T extends Pick<SectionDto, 'SectionID' | 'SectionTitle' | 'SectionHidden' | 'SectionMetaDescription'>,
>(): Column<T>[] {
  return [
    { label: 'ID', sort: 'SectionID', cell: (r) => r.SectionID, className: 'w-16 tabular-nums' },
    {
      label: 'Title',
      sort: 'SectionTitle',
      rowHeader: true,
      cell: (r) => <TitleCell title={r.SectionTitle} hidden={r.SectionHidden} description={r.SectionMetaDescription} />,
    },
  ];
}

/**
 * The Hidden column's switch: `save` stores the flag, then the table reloads
 * and, when the change shows in the shop (`siteChanges`), the site is marked
 * out of date.
 */
export function HiddenSwitch({
  name,
  hidden,
  table,
  save,
  siteChanges = true,
  savedText = (next) => `${name} is ${next ? 'hidden' : 'shown'} now.`,
}: {
  /** The row's title. */
  name: string;
  hidden: boolean;
  table: TableHandle;
  save: (next: boolean) => Promise<unknown>;
  siteChanges?: boolean;
  savedText?: (next: boolean) => string;
}) {
  const contentChanged = useContentChanged();
  return (
    <SwitchButton
      checked={hidden}
      label={`${name} hidden`}
      onLabel="Hidden"
      offLabel="Shown"
      save={async (next) => {
        await save(next);
        table.reload();
        if (siteChanges) contentChanged();
      }}
      savedText={savedText}
    />
  );
}
