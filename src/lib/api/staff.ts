import type { RegistrationInput } from '../domain/account-rules.ts';
import type { CategoryForm, ItemForm, SectionForm, StoreDbForm, StoreForm } from '../domain/catalogue-forms.ts';
import { type ContentOwner, contentTilePath } from '../domain/content-images.ts';
import type { StoreDeliveryDto } from '../domain/delivery-area.ts';
import type { OrderMoveDto, OrderStatusName } from '../domain/orders.ts';
import type { ProfileEdit } from './account.ts';
import type { DataAccess, ListQuery, Page } from './data.ts';
import type {
  AuditEntryDto,
  CategoryDto,
  EmployeeDto,
  EndUserDto,
  ImageDeletedDto,
  ItemDeletedDto,
  ItemDto,
  ItemPackDto,
  MessageDto,
  MovedOrdersDto,
  OrderDto,
  PackListDto,
  PickListDto,
  SectionDto,
  SiteStatusDto,
  StaffSectionDto,
  StockHistoryEntryDto,
  StoreDbDto,
  StoreDto,
  SubstituteDto,
  UploadedDto,
  UserRolesDto,
} from './wire.ts';

export type { ItemDeletedDto, MessageDto };

/**
 * The staff calls of docs/api.md ("Staff calls", "Accounts", "Orders"), typed,
 * over the generic data access of spec §7: every list is paged with page,
 * limit, sort and filter and answers its `X-Total-Count`; every failure is a
 * `ServiceError` whose `ModelState` (`modelStateOf`) names the fields.
 */

export type RoleName = 'Admin' | 'Employee' | 'User';
export const ROLE_NAMES: readonly RoleName[] = ['Admin', 'Employee', 'User'];

/** `POST /api/Account/RegisterEmployee`. */
/** One line of `pack`: the order line's item, its outcome, the units found or sent, a replacement chosen by staff. */
export interface PackLineInput {
  ItemID: number;
  Outcome: 'Packed' | 'Short' | 'Replaced';
  Qty?: number;
  ReplacementID?: number;
}

export interface RegisterEmployeeInput extends RegistrationInput {
  FullName: string;
  Role: 'Employee' | 'Admin';
}

/** Whose image: a section's or book's (with its database), an item's (with its store) or a store's. */
export type ImageTarget = ContentOwner;

/** The content path an image is served at (spec §2), for showing the current picture. */
export const imagePath = contentTilePath;

/** `GET /api/Log/ReadAll`'s own parameters, beside the list ones. */
export interface LogQuery extends ListQuery {
  /** An action name (`item.edited`) or a prefix ending in a dot (`item.`). */
  action?: string | undefined;
  /** Text the actor's e-mail contains. */
  actor?: string | undefined;
  /** ISO-8601 time or date: entries at or after it. */
  from?: string | undefined;
  /** ISO-8601 time, or a date meaning up to the end of that day. */
  to?: string | undefined;
}

/** A published section's overrides for its public copy (`PUT /api/Publisher/Edit/{SectionID}`). */
export type PublishInput = Partial<Omit<SectionForm, 'CustomOrder'>> & { CustomOrder?: number[] | string };

/** A store's item, as the item form sends it (`SellingPrice` is always the server's). */
export type ItemInput = Omit<ItemForm, 'StoreID'> & { StoreID?: number | undefined };

export interface StaffApi {
  categories: {
    list(query: ListQuery): Promise<Page<CategoryDto>>;
    create(form: CategoryForm): Promise<CategoryDto>;
    update(id: number, form: CategoryForm): Promise<CategoryDto>;
    remove(id: number): Promise<MessageDto>;
  };
  stores: {
    /** All stores, or one category's. */
    list(query: ListQuery, categoryId?: number): Promise<Page<StoreDto>>;
    read(id: number): Promise<StoreDto>;
    create(form: StoreForm): Promise<StoreDto>;
    update(id: number, form: StoreForm): Promise<StoreDto>;
    patch(id: number, change: Partial<StoreForm>): Promise<StoreDto>;
    remove(id: number): Promise<MessageDto>;
    /** Where the store delivers and for how much (issue 31). */
    readDelivery(id: number): Promise<StoreDeliveryDto>;
    saveDelivery(id: number, settings: Omit<StoreDeliveryDto, 'StoreID' | 'StoreTitle'>): Promise<StoreDeliveryDto>;
  };
  storeDbs: {
    /** All store databases, or one store's. */
    list(query: ListQuery, storeId?: number): Promise<Page<StoreDbDto>>;
    read(id: number): Promise<StoreDbDto>;
    create(form: StoreDbForm): Promise<StoreDbDto>;
    update(id: number, form: Pick<StoreDbForm, 'DbTitle'>): Promise<StoreDbDto>;
    remove(id: number): Promise<MessageDto>;
  };
  sections: {
    /** The sections (drafts and published alike) of one store database. */
    list(dbId: number, query: ListQuery): Promise<Page<StaffSectionDto>>;
    read(id: number): Promise<StaffSectionDto>;
    create(form: Omit<SectionForm, 'CustomOrder'> & { CustomOrder?: number[] }): Promise<StaffSectionDto>;
    /** Saves the section form's fields (a PATCH, so the draft's CustomOrder stays as it is). */
    update(id: number, form: Omit<SectionForm, 'DbID' | 'CustomOrder'>): Promise<StaffSectionDto>;
    patch(id: number, change: Partial<Omit<SectionForm, 'DbID'>>): Promise<StaffSectionDto>;
    /** Saves a new display order of the section's items as its draft CustomOrder. */
    reorder(id: number, itemIds: number[]): Promise<StaffSectionDto>;
    remove(id: number): Promise<MessageDto>;
  };
  published: {
    /** The public copies, all or one store's. */
    list(query: ListQuery, storeId?: number): Promise<Page<SectionDto>>;
    /** Publishes a section from its database (first time: a new public copy), with overrides. */
    publish(sectionId: number, input: PublishInput): Promise<SectionDto>;
    /** Takes the public copy out of the catalogue; the draft stays. */
    unpublish(sectionId: number, dbId: number): Promise<MessageDto>;
  };
  items: {
    /** Items in pages, narrowed by `dbId`, `storeId` or `sectionId`, or to those at or below their reorder level. */
    list(
      query: ListQuery & { dbId?: number; storeId?: number; sectionId?: number; atReorderLevel?: boolean },
    ): Promise<Page<ItemDto>>;
    /** An item's stock changes in pages, newest first. */
    stockHistory(id: number, query: ListQuery): Promise<Page<StockHistoryEntryDto>>;
    /** The item as a pack of a bulk stock, and the packs drawing from it (issue 33). */
    pack(id: number): Promise<ItemPackDto>;
    /** Makes the item a pack of `PackSize` g or ml of a bulk item. */
    setPack(id: number, input: { BulkItemID: number; PackSize: number }): Promise<ItemPackDto>;
    /** Takes the item off its bulk stock. */
    removePack(id: number): Promise<ItemPackDto>;
    read(id: number, dbId: number): Promise<ItemDto>;
    create(form: ItemInput): Promise<ItemDto>;
    update(id: number, form: ItemInput): Promise<ItemDto>;
    patch(id: number, change: Partial<ItemInput>): Promise<ItemDto>;
    remove(id: number): Promise<ItemDeletedDto>;
  };
  images: {
    /** Uploads a PNG, JPEG or WebP of at most 2 MB as the row's picture; answers where it is served. */
    upload(target: ImageTarget, file: Blob, fileName?: string): Promise<UploadedDto>;
    remove(target: ImageTarget): Promise<ImageDeletedDto>;
  };
  log: {
    list(query: LogQuery): Promise<Page<AuditEntryDto>>;
  };
  site: {
    status(): Promise<SiteStatusDto>;
    /** "Publish now": starts one rebuild and answers at once; follow it with `status`. */
    publish(): Promise<SiteStatusDto>;
  };
  employees: {
    list(query: ListQuery): Promise<Page<EmployeeDto>>;
    register(input: RegisterEmployeeInput): Promise<EmployeeDto>;
    edit(id: number, edit: Pick<ProfileEdit, 'FullName' | 'Phone'>): Promise<EmployeeDto>;
    remove(id: number): Promise<MessageDto>;
    /** Removes another account's second factor (Admin), ending its sign-ins. */
    resetMfa(id: number): Promise<MessageDto>;
  };
  endUsers: {
    list(query: ListQuery): Promise<Page<EndUserDto>>;
    edit(id: number, edit: ProfileEdit): Promise<EndUserDto>;
    remove(id: number): Promise<MessageDto>;
  };
  roles: {
    /** Any account's roles. */
    of(userId: number): Promise<RoleName[]>;
    add(userId: number, role: RoleName): Promise<UserRolesDto>;
    remove(userId: number, role: RoleName): Promise<UserRolesDto>;
  };
  orders: {
    /** Every customer's orders (an Employee's view), all or of one status, newest first by default. */
    list(query: ListQuery, status?: OrderStatusName): Promise<Page<OrderDto>>;
    /** Moves an order to another status, as the status table allows. */
    move(orderId: number, status: OrderStatusName): Promise<OrderDto>;
    /** Moves several orders to one status, all or none (a 409 names each order refused and its rule). */
    moveMany(orderIds: readonly number[], status: OrderStatusName): Promise<MovedOrdersDto>;
    /** A store's pick list for one slot (`slotId` null: its open orders without a slot). */
    pickList(storeId: number, slotId: number | null): Promise<PickListDto>;
    /** A store's orders in Packing for one slot, lines in shelf order (`slotId` null: those without a slot). */
    packList(storeId: number, slotId: number | null): Promise<PackListDto>;
    /** Packs an order, every line's outcome at once; it moves on to OutForDelivery. */
    pack(orderId: number, lines: readonly PackLineInput[]): Promise<OrderDto>;
    /** The items of the same section an order line may be replaced with, best match first. */
    substitutes(itemId: number): Promise<SubstituteDto[]>;
    /** How many orders are in each status, narrowed as `list` is (store, from, before, city, postalCode). */
    counts(query: Record<string, string | number>): Promise<Record<OrderStatusName | 'All', number>>;
    /** Undoes the order's last move, within 10 seconds of it, back to `status`. */
    undo(orderId: number, status: OrderStatusName): Promise<OrderDto>;
    /** (Admin) a Delivered order back out for delivery, with the reason its history and the log keep. */
    reopen(orderId: number, reason: string): Promise<OrderDto>;
    /** One order with its lines and delivery address. */
    read(orderId: number): Promise<OrderDto>;
    /** The order's moves, oldest first (who, when, from and to, undo, reopen and its reason). */
    history(orderId: number): Promise<OrderMoveDto[]>;
  };
}

const under = (base: string, id: number | undefined) => (id === undefined ? base : `${base}/${id}`);

/** The staff calls over the generic data access (which carries the bearer token). */
export function createStaffApi(data: DataAccess): StaffApi {
  return {
    categories: {
      list: (query) => data.list('/api/Category/ReadAll', query),
      create: (form) => data.create('/api/Category/Create', form),
      update: (id, form) => data.update(`/api/Category/Edit/${id}`, form),
      remove: (id) => data.remove(`/api/Category/Delete/${id}`),
    },
    stores: {
      list: (query, categoryId) => data.list(under('/api/Store/ReadAll', categoryId), query),
      read: (id) => data.read(`/api/Store/Read/${id}`),
      create: (form) => data.create('/api/Store/Create', form),
      update: (id, form) => data.update(`/api/Store/Edit/${id}`, form),
      patch: (id, change) => data.patch(`/api/Store/Edit/${id}`, change),
      remove: (id) => data.remove(`/api/Store/Delete/${id}`),
      readDelivery: (id) => data.read(`/api/Store/Delivery/${id}`),
      saveDelivery: (id, settings) => data.update(`/api/Store/Delivery/${id}`, settings),
    },
    storeDbs: {
      list: (query, storeId) => data.list(under('/api/StoreDb/ReadAll', storeId), query),
      read: (id) => data.read(`/api/StoreDb/Read/${id}`),
      create: (form) => data.create('/api/StoreDb/Create', form),
      update: (id, form) => data.update(`/api/StoreDb/Edit/${id}`, form),
      remove: (id) => data.remove(`/api/StoreDb/Delete/${id}`),
    },
    sections: {
      list: (dbId, query) => data.list(`/api/Section/ReadAll/${dbId}`, query),
      read: (id) => data.read(`/api/Section/Read/${id}`),
      create: (form) => data.create('/api/Section/Create', form),
      update: (id, form) => data.patch(`/api/Section/Edit/${id}`, form),
      patch: (id, change) => data.patch(`/api/Section/Edit/${id}`, change),
      reorder: (id, itemIds) => data.update(`/api/Section/Reorder/${id}`, { ItemIDs: itemIds }),
      remove: (id) => data.remove(`/api/Section/Delete/${id}`),
    },
    published: {
      list: (query, storeId) => data.list(under('/api/Publisher/ReadAll', storeId), query),
      publish: (sectionId, input) => data.update(`/api/Publisher/Edit/${sectionId}`, input),
      unpublish: (sectionId, dbId) => data.remove(`/api/Publisher/Delete/${sectionId}/${dbId}`),
    },
    items: {
      list: (query) => data.list('/api/Item/ReadAll', query),
      read: (id, dbId) => data.read(`/api/Item/Read/${id}/${dbId}`),
      stockHistory: (id, query) => data.list(`/api/Item/StockHistory/${id}`, query),
      pack: (id) => data.read(`/api/Item/Pack/${id}`),
      setPack: (id, input) => data.update(`/api/Item/Pack/${id}`, input),
      removePack: (id) => data.remove(`/api/Item/Pack/${id}`),
      create: (form) => data.create('/api/Item/Create', form),
      update: (id, form) => data.update(`/api/Item/Edit/${id}`, form),
      patch: (id, change) => data.patch(`/api/Item/Edit/${id}`, change),
      remove: (id) => data.remove(`/api/Item/Delete/${id}`),
    },
    images: {
      upload(target, file, fileName) {
        const form = new FormData();
        for (const [key, value] of Object.entries(imageParams(target))) form.set(key, String(value));
        form.set('file', file, fileName ?? 'image');
        return data.create('/api/Content/Upload', form);
      },
      remove: (target) => data.remove('/api/Content/Delete', imageParams(target)),
    },
    log: {
      list: (query) => data.list('/api/Log/ReadAll', blankless(query)),
    },
    site: {
      status: () => data.read('/api/Site/Status'),
      publish: () => data.create('/api/Site/Publish', undefined),
    },
    employees: {
      list: (query) => data.list('/api/Employee/ReadAll', query),
      register: (input) => data.create('/api/Account/RegisterEmployee', input),
      edit: (id, edit) => data.update(`/api/Employee/Edit/${id}`, { ...edit, Id: id }),
      remove: (id) => data.remove(`/api/Employee/Delete/${id}`),
      resetMfa: (id) => data.create('/api/Account/Mfa/Reset', { UserId: id }),
    },
    endUsers: {
      list: (query) => data.list('/api/User/ReadAll', query),
      edit: (id, edit) => data.update(`/api/User/Edit/${id}`, { ...edit, Id: id }),
      remove: (id) => data.remove(`/api/User/Delete/${id}`),
    },
    roles: {
      of: (userId) => data.read(`/api/Employee/GetRoles/${userId}`),
      add: (userId, role) => data.create('/api/Employee/AddUserToRole', { UserId: userId, Role: role }),
      remove: (userId, role) => data.create('/api/Employee/RemoveUserFromRole', { UserId: userId, Role: role }),
    },
    orders: {
      list: (query, status) =>
        data.list(status === undefined ? '/api/Order/AllOrders' : `/api/Order/AllOrdersByStaus/${status}`, query),
      move: (orderId, status) => data.update(`/api/Order/Status/${orderId}`, { Status: status }),
      moveMany: (orderIds, status) => data.create('/api/Order/Move', { OrderIDs: [...orderIds], Status: status }),
      pickList: (storeId, slotId) =>
        data.read('/api/Order/PickList', slotId === null ? { StoreID: storeId } : { StoreID: storeId, SlotID: slotId }),
      packList: (storeId, slotId) =>
        data.read('/api/Order/PackList', slotId === null ? { StoreID: storeId } : { StoreID: storeId, SlotID: slotId }),
      pack: (orderId, lines) => data.create(`/api/Order/Pack/${orderId}`, { Lines: [...lines] }),
      substitutes: (itemId) => data.read(`/api/Item/Substitutes/${itemId}`),
      counts: (query) => data.read('/api/Order/StatusCounts', query),
      undo: (orderId, status) => data.create(`/api/Order/Undo/${orderId}`, { Status: status }),
      reopen: (orderId, reason) => data.create(`/api/Order/Reopen/${orderId}`, { Reason: reason }),
      read: (orderId) => data.read(`/api/Order/Read/${orderId}`),
      history: (orderId) => data.read(`/api/Order/History/${orderId}`),
    },
  };
}

function imageParams(target: ImageTarget): Record<string, string | number> {
  switch (target.kind) {
    case 'Store':
      return { kind: target.kind, id: target.id };
    case 'Item':
      return { kind: target.kind, id: target.id, storeId: target.storeId };
    default:
      return { kind: target.kind, id: target.id, dbId: target.dbId };
  }
}

/** Leaves out empty filter texts, which the log reads as "no filter" anyway. */
function blankless(query: LogQuery): LogQuery {
  const out: LogQuery = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value.trim() === '' && key !== 'sort' && key !== 'filter') continue;
    out[key] = value;
  }
  return out;
}
