import type { $Fetch } from 'ofetch';
import type { SlotDto, SlotTemplateDto, StoreDeliveryDto, StoreDto } from './wire.ts';

/** The most stores one read of their titles asks for (the API's largest page). */
export const STORE_TITLES_READ = 1000;

/** The delivery slot calls (`/api/Store/Slots`, `Slot`, `SlotTemplate`; issue 31), and the stores' titles that go with them. */
export interface SlotsApi {
  /** `GET /api/Store/ReadAll` (public): the first `STORE_TITLES_READ` stores by StoreID, hidden ones too. */
  stores(): Promise<StoreDto[]>;
  /** `GET /api/Store/Read/{storeId}` (public): one store. */
  store(storeId: number): Promise<StoreDto>;
  /** `GET /api/Store/Slots/{storeId}`: the store's slots of the next 7 days that still take orders. */
  open(storeId: number): Promise<SlotDto[]>;
  /** `GET /api/Store/Delivery/{storeId}`: where the store delivers and for how much (public). */
  delivery(storeId: number): Promise<StoreDeliveryDto>;
  /** `POST /api/Store/Slot/{storeId}` (staff). */
  create(storeId: number, slot: { Start: string; End: string; Capacity: number }): Promise<SlotDto>;
  /** `GET /api/Store/SlotTemplate/{storeId}` (staff). */
  template(storeId: number): Promise<SlotTemplateDto>;
  /** `PUT /api/Store/SlotTemplate/{storeId}` (staff). */
  saveTemplate(storeId: number, template: Omit<SlotTemplateDto, 'StoreID'>): Promise<SlotTemplateDto>;
}

export function createSlotsApi(api: $Fetch): SlotsApi {
  return {
    stores() {
      // Spec §7: a paged listing always sends page, limit, sort and filter.
      return api<StoreDto[]>('/api/Store/ReadAll', {
        query: { page: 0, limit: STORE_TITLES_READ, sort: 'StoreID', filter: '' },
      });
    },
    store(storeId) {
      return api<StoreDto>(`/api/Store/Read/${storeId}`);
    },
    open(storeId) {
      return api<SlotDto[]>(`/api/Store/Slots/${storeId}`);
    },
    delivery(storeId) {
      return api<StoreDeliveryDto>(`/api/Store/Delivery/${storeId}`);
    },
    create(storeId, slot) {
      return api<SlotDto>(`/api/Store/Slot/${storeId}`, { method: 'POST', body: slot });
    },
    template(storeId) {
      return api<SlotTemplateDto>(`/api/Store/SlotTemplate/${storeId}`);
    },
    saveTemplate(storeId, template) {
      return api<SlotTemplateDto>(`/api/Store/SlotTemplate/${storeId}`, { method: 'PUT', body: template });
    },
  };
}
