import { useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { ItemDto, StoreDto } from '../../lib/domain/catalogue.ts';
import { STOCK_MAX } from '../../lib/domain/form-fields.ts';
import { formatRupees } from '../../lib/domain/money.ts';
import { pricePreview } from '../../lib/domain/price-preview.ts';
import { itemPath } from '../../lib/domain/redirects.ts';
import type { StaffSectionDto } from '../../lib/domain/staff-dtos.ts';
import { atReorderLevel } from '../../lib/domain/stock-history.ts';
import { buttonStyles } from './button-styles.ts';
import { HiddenSwitch } from './catalogue-cells.tsx';
import { type Column, DataTable } from './DataTable.tsx';
import { DbWorkspace, useDbChoice } from './DbWorkspace.tsx';
import { FilterSelect, useFilterToggle, useQueryId } from './filters.tsx';
import { ExportButton, StockCell } from './item-cells.tsx';
import { ItemFormPanel, PriceTag } from './item-form.tsx';
import { byId, LoadError, queryId, readEvery, setQueryParam, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

/**
 * `/app/client-store/item`: every store's items, found by a word of the title or
 * the product code ("All stores", the default), or the items of one store
 * database (`?db=N`, or of one of its sections): stock edited in place, prices
 * as the shop shows them, content, picture and hidden flag, and a link to each
 * item's public page. `?db=N&edit=I` opens item I's editor (the public item
 * page's "Edit" link). `?reorder=1` lists only the items at or below their reorder
 * level (the daily low-stock mail links here).
 */
export function ItemAdmin() {
  return (
    <StaffPage
      title="Items"
      description="Find any item of any store by its title or product code; pick a store database to add items to it."
    >
      <ItemBody />
    </StaffPage>
  );
}

/** The item `?edit=` names (in `?db=`'s database), read once for its editor to open, or why it could not be. */
function useItemToOpen(dbId: number | null): { item: ItemDto | null; error: string } {
  const [editId] = useState(() => queryId('edit'));
  const [state, setState] = useState<{ item: ItemDto | null; error: string }>({ item: null, error: '' });
  useEffect(() => {
    if (editId === null || dbId === null) return;
    let live = true;
    staff.items.read(editId, dbId).then(
      (item) => {
        if (!live) return;
        setState({ item, error: '' });
        setQueryParam('edit', null);
      },
      (err: unknown) => live && setState({ item: null, error: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [editId, dbId]);
  return state;
}

function ItemBody() {
  const choice = useDbChoice({ remembered: false });
  const { dbId, setDbId, db, storeById } = choice;
  const sections = useLookup(
    () => (dbId === null ? Promise.resolve([]) : readEvery((q) => staff.sections.list(dbId, q))),
    String(dbId ?? ''),
  );
  const [sectionId, setSectionId] = useQueryId('section');
  const sectionById = byId(sections.rows, (s) => s.SectionID);
  const opened = useItemToOpen(dbId);

  return (
    <>
      <LoadError what="The item to edit" error={opened.error} />
      <DbWorkspace
        choice={choice}
        onChange={(id) => {
          setDbId(id);
          setSectionId(null);
        }}
        noun="items"
        other={{ page: 'section', label: 'Sections of this database' }}
        allLabel="All stores"
        all={() => <ItemTable dbId={null} storeById={storeById} sectionById={sectionById} opened={null} />}
      >
        {(dbId) => (
          <ItemTable
            dbId={dbId}
            dbTitle={db?.DbTitle ?? `store database ${dbId}`}
            storeById={storeById}
            sectionById={sectionById}
            opened={opened.item}
            section={{ id: sectionId, set: setSectionId, rows: sections.rows ?? [] }}
          />
        )}
      </DbWorkspace>
    </>
  );
}

/** The items table: every store's (`dbId` null) or one database's, narrowed to a section when one is picked. */
function ItemTable({
  dbId,
  dbTitle,
  storeById,
  sectionById,
  opened,
  section,
}: {
  dbId: number | null;
  dbTitle?: string;
  storeById: Map<number, StoreDto>;
  sectionById: Map<number, StaffSectionDto>;
  opened: ItemDto | null;
  section?: { id: number | null; set: (id: number | null) => void; rows: StaffSectionDto[] };
}) {
  const sectionId = section?.id ?? null;
  const reorder = useFilterToggle('At or below reorder level', 'reorder');
  const where = (r: ItemDto) =>
    dbId === null
      ? (storeById.get(r.StoreID)?.StoreTitle ?? `Store #${r.StoreID}`)
      : r.SectionID === null
        ? 'No section'
        : (sectionById.get(r.SectionID)?.SectionTitle ?? `Section #${r.SectionID}`);
  const columns: Column<ItemDto>[] = [
    { label: 'ID', sort: 'ItemID', cell: (r) => r.ItemID, className: 'w-16 tabular-nums' },
    {
      label: 'Title',
      sort: 'ItemTitle',
      rowHeader: true,
      cell: (r) => (
        <>
          <span className={r.ItemHidden ? 'italic' : ''}>{r.ItemTitle}</span>
          <span className="block text-xs font-normal text-slate-600">
            {where(r)}
            {r.ProductCode !== null && r.ProductCode !== '' && <> · Code {r.ProductCode}</>}
            {r.ReorderLevel !== null && r.ReorderLevel !== undefined && (
              <>
                {' · '}
                <span className={atReorderLevel(r.Availability, r.ReorderLevel) ? 'font-semibold text-red-700' : ''}>
                  Reorder at {r.ReorderLevel}
                </span>
              </>
            )}
          </span>
        </>
      ),
    },
    {
      label: 'Stock',
      sort: 'Availability',
      cell: (r, table) => <StockCell key={`${r.ItemID}:${r.Availability}`} row={r} table={table} max={STOCK_MAX} />,
    },
    {
      label: 'Price',
      sort: 'SellingPrice',
      cell: (r) => {
        const price = pricePreview(r);
        return price === null ? formatRupees(r.SellingPrice) : <PriceTag price={price} size={r.Size} />;
      },
      className: 'whitespace-nowrap',
    },
    { label: 'GST', cell: (r) => `${r.Gst} %`, className: 'hidden lg:table-cell tabular-nums' },
    {
      label: 'Hidden',
      cell: (r, table) => (
        <HiddenSwitch
          name={r.ItemTitle}
          hidden={r.ItemHidden}
          table={table}
          save={(next) => staff.items.patch(r.ItemID, { ItemHidden: next })}
        />
      ),
      className: 'hidden md:table-cell',
    },
    {
      label: 'Updated',
      sort: 'ItemUpdatedTime',
      cell: (r) => formatWhen(r.ItemUpdatedTime),
      className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
    },
  ];
  return (
    <DataTable<ItemDto>
      caption={dbId === null ? 'Items of every store' : `Items of ${dbTitle}`}
      noun="items"
      filterLabel="Find by title or product code"
      reloadKey={`${dbId ?? 'all'}/${sectionId ?? ''}/${reorder.on}`}
      load={(q) => {
        const low = reorder.on ? { ...q, atReorderLevel: true } : q;
        return staff.items.list(dbId === null ? low : { ...low, dbId, ...(sectionId === null ? {} : { sectionId }) });
      }}
      rowKey={(r) => r.ItemID}
      rowName={(r) => r.ItemTitle}
      faded={(r) => r.ItemHidden}
      opened={opened}
      toolbar={
        <>
          {section !== undefined && (
            <FilterSelect
              label="Section"
              allLabel="All sections"
              value={section.id}
              onChange={section.set}
              options={section.rows.map((s) => ({ value: s.SectionID, label: s.SectionTitle }))}
            />
          )}
          {reorder.control}
        </>
      }
      toolbarWith={({ filter }) =>
        dbId !== null && (
          <ExportButton filter={{ dbId, sectionId: sectionId ?? undefined, filter: filter || undefined }} />
        )
      }
      columns={columns}
      empty={<p>{reorder.on ? 'No item here is at or below its reorder level.' : 'No items here yet.'}</p>}
      actions={(r) => (
        <a href={itemPath(r.ItemID, r.DbID)} className={buttonStyles.row}>
          View in shop<span className="sr-only"> {r.ItemTitle}</span>
        </a>
      )}
      {...(dbId === null
        ? {}
        : {
            create: {
              label: 'New item',
              title: 'New item',
              description: `In ${dbTitle}.`,
              render: (done) => <ItemFormPanel row={null} dbId={dbId} done={done} />,
            },
          })}
      edit={{
        title: (r) => `Edit item ${r.ItemTitle}`,
        render: (r, done) => <ItemFormPanel row={r} dbId={r.DbID} done={done} />,
      }}
      remove={{
        title: (r) => `Delete item ${r.ItemTitle}?`,
        body: (r) => (
          <p>
            {r.ItemTitle} leaves the shop, every cart that holds it and every section's item order. Past orders keep
            their own copy.
          </p>
        ),
        run: async (r) => (await staff.items.remove(r.ItemID)).Message,
      }}
    />
  );
}
