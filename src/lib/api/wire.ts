/**
 * The API's answers as this client reads them: the types `openapi-typescript`
 * generated from the OpenAPI document (`openapi.d.ts`, `npm run openapi:types`),
 * named as the document names them. The API suites check every answer against
 * that document, so these types are what the API sends; there are no hand-written
 * copies to fall behind.
 */
import type { components } from './openapi.d.ts';

type Schemas = components['schemas'];

export type MessageDto = Schemas['Message'];
export type ItemDeletedDto = Schemas['ItemDeleted'];
export type ImageDeletedDto = Schemas['ImageDeleted'];
export type UploadedDto = Schemas['Uploaded'];
export type TokenResponse = Schemas['Token'];
export type MfaStatusDto = Schemas['MfaStatus'];
export type MfaSetupDto = Schemas['MfaSetup'];
export type UserInfoDto = Schemas['UserInfo'];
export type EndUserDto = Schemas['EndUser'];
export type EmployeeDto = Schemas['Employee'];
export type UserRolesDto = Schemas['UserRoles'];
export type CategoryDto = Schemas['Category'];
export type StoreDto = Schemas['Store'];
export type SectionDto = Schemas['Section'];
export type ItemDto = Schemas['Item'];
export type StockHistoryEntryDto = Schemas['StockHistoryEntry'];
export type ItemPackDto = Schemas['ItemPack'];
export type StoreDbDto = Schemas['StoreDb'];
export type StaffSectionDto = Schemas['StaffSection'];
export type AuditEntryDto = Schemas['AuditEntry'];
export type SiteStatusDto = Schemas['SiteStatus'];
export type CartDto = Schemas['Cart'];
export type CheckedCartDto = Schemas['CheckedCart'];
export type ShortageDto = Schemas['Shortage'];
export type OrderDto = Schemas['Order'];
export type MovedOrdersDto = Schemas['MovedOrders'];
export type PickListDto = Schemas['PickList'];
export type PackListDto = Schemas['PackList'];
export type SubstituteDto = Schemas['Substitute'];
export type OrderMoveDto = Schemas['OrderMove'];
export type PlacedOrderDto = Schemas['PlacedOrder'];
export type StoreDeliveryDto = Schemas['StoreDelivery'];
export type OrderAgainLineDto = Schemas['OrderAgainLine'];
export type StockAlertDto = Schemas['StockAlert'];
export type ImportJobDto = Schemas['ImportJob'];
export type FeedClientDto = Schemas['FeedClient'];
export type NewFeedClientDto = Schemas['NewFeedClient'];
export type SlotDto = Schemas['Slot'];
export type SlotTemplateDto = Schemas['SlotTemplate'];
export type SalesReportDto = Schemas['SalesReport'];
export type CouponDto = Schemas['Coupon'];
export type CouponCheckDto = Schemas['CouponCheck'];
export type PaymentMethodsDto = Schemas['PaymentMethods'];
export type GroupPaymentDto = Schemas['GroupPayment'];
export type PaymentSettingsDto = Schemas['PaymentSettings'];
