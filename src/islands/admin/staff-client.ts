import { createCatalogueIoApi } from '../../lib/api/catalogue-io.ts';
import { createCouponsApi } from '../../lib/api/coupons.ts';
import { createDataAccess } from '../../lib/api/data.ts';
import { createPaymentsApi } from '../../lib/api/payments.ts';
import { createReportsApi } from '../../lib/api/reports.ts';
import { createSearchApi } from '../../lib/api/search.ts';
import { createStaffApi, type StaffApi } from '../../lib/api/staff.ts';
import { api } from '../../stores/session.ts';

/** The staff calls the admin islands make, with the signed-in user's bearer token. */
export const staff: StaffApi = createStaffApi(createDataAccess(api));

/** Bulk import and export, and the feed clients' keys. */
export const catalogueIo = createCatalogueIoApi(api);

/** The staff reports (sales). */
export const reports = createReportsApi(api);
/** The coupons (issue 32): list, create, switch on and off. */
export const coupons = createCouponsApi(api);
/** The shop's payment settings (issue 32): the pay-on-delivery cap. */
export const payments = createPaymentsApi(api);

/** The search's synonym groups (issue 34). */
export const search = createSearchApi(api);
