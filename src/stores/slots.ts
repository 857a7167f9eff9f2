import { createSlotsApi } from '../lib/api/slots.ts';
import { api } from './session.ts';

/** The delivery slot calls with the signed-in account's token (the shoppers' read needs none). */
export const slotsApi = createSlotsApi(api);
