/**
 * The API's wire types, generated from its OpenAPI document (`/api/openapi.json`) by
 * openapi-typescript. Do not edit: run `npm run openapi:types` after changing
 * src/server/openapi; a unit test fails while this file is stale.
 */

export interface paths {
    "/api/Category/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List categories, a page at a time */
        get: operations["getCategoryReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a category */
        get: operations["getCategoryReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a category */
        post: operations["postCategoryCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Category/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a category's fields */
        put: operations["putCategoryEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of a category's fields */
        patch: operations["patchCategoryEditId"];
        trace?: never;
    };
    "/api/Category/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a category */
        delete: operations["deleteCategoryDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List stores, a page at a time (hidden ones too, flagged StoreHidden) */
        get: operations["getStoreReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/ReadAll/{categoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a category's stores */
        get: operations["getStoreReadAllCategoryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a store */
        get: operations["getStoreReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a store */
        post: operations["postStoreCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a store's fields */
        put: operations["putStoreEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of a store's fields */
        patch: operations["patchStoreEditId"];
        trace?: never;
    };
    "/api/Store/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a store */
        delete: operations["deleteStoreDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Delivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every store's delivery settings (stores without any deliver everywhere, free) */
        get: operations["getStoreDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Delivery/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where a store delivers, and for how much */
        get: operations["getStoreDeliveryId"];
        /** Replace a store's delivery settings */
        put: operations["putStoreDeliveryId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Slots/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A store's delivery slots starting in the next 7 days that still take orders, with the places left */
        get: operations["getStoreSlotsStoreId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/Slot/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a delivery slot */
        post: operations["postStoreSlotStoreId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Store/SlotTemplate/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a store's weekly slot template */
        get: operations["getStoreSlotTemplateStoreId"];
        /** Replace a store's weekly slot template and lead time; its slots for the days ahead are made at once */
        put: operations["putStoreSlotTemplateStoreId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a coupon */
        post: operations["postCouponCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every coupon, newest first */
        get: operations["getCouponReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One coupon */
        get: operations["getCouponReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Enable/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch a coupon on */
        post: operations["postCouponEnableId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Disable/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch a coupon off: shoppers are told it is not a coupon; placed orders keep their discount */
        post: operations["postCouponDisableId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Coupon/Check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a code takes off the caller's cart, as CreateOrder would apply it; a 400 names Code and why not */
        post: operations["postCouponCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ways to pay this shop offers */
        get: operations["getPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Group/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An own order group's payment and orders */
        get: operations["getPaymentGroupId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Test/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test method answers for an own group: approve, decline, fail or late (only while it is on) */
        post: operations["postPaymentTestId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Razorpay/Verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Razorpay Checkout’s answer for an own Online group: its signature checked, the group paid once */
        post: operations["postPaymentRazorpayVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Razorpay/Webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Razorpay’s webhooks (payment.captured, payment.failed, refund.processed), signed in X-Razorpay-Signature, once per X-Razorpay-Event-Id */
        post: operations["postPaymentRazorpayWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Payment/Settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's pay-on-delivery cap and hold length */
        get: operations["getPaymentSettings"];
        /** Change the shop's pay-on-delivery cap or hold length */
        put: operations["putPaymentSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products whose title or size the words find: word starts, plural or singular, typos (1 from 5 letters, 2 from 9), words written together or apart, synonyms */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Search/Synonyms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The synonym groups */
        get: operations["getSearchSynonyms"];
        /** Replace every synonym group (searches use them at once) */
        put: operations["putSearchSynonyms"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Publisher/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List published sections */
        get: operations["getPublisherReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Publisher/ReadAll/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a store's published sections */
        get: operations["getPublisherReadAllStoreId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Publisher/Read/{sectionId}/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a published section */
        get: operations["getPublisherReadSectionIdDbId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Publisher/Edit/{sectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Publish a section (its public copy, with optional overrides) */
        put: operations["putPublisherEditSectionId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Publisher/Delete/{sectionId}/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unpublish a section */
        delete: operations["deletePublisherDeleteSectionIdDbId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/ReadSectionWithList/{sectionId}/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a published section with its items, in its CustomOrder */
        get: operations["getSectionReadSectionWithListSectionIdDbId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/ReadAll/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a store database's sections (drafts) */
        get: operations["getSectionReadAllDbId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a section as staff edit it */
        get: operations["getSectionReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a section */
        post: operations["postSectionCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a section's fields */
        put: operations["putSectionEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of a section's fields */
        patch: operations["patchSectionEditId"];
        trace?: never;
    };
    "/api/Section/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a section */
        delete: operations["deleteSectionDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Section/Reorder/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the order of a section's items */
        put: operations["putSectionReorderId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List items, a page at a time (up to 1000 for the site build) */
        get: operations["getItemReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/StockHistory/{ItemID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item's stock ledger, newest first: every change with its reason, who made it, before and after */
        get: operations["getItemStockHistoryItemID"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/Read/{id}/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an item */
        get: operations["getItemReadIdDbId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an item */
        post: operations["postItemCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a item's fields */
        put: operations["putItemEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of a item's fields */
        patch: operations["patchItemEditId"];
        trace?: never;
    };
    "/api/Item/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a item */
        delete: operations["deleteItemDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Book/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List books (published sections read as books) */
        get: operations["getBookReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Book/ReadAll/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a store's books */
        get: operations["getBookReadAllStoreId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Book/Read/{bookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a book with its items */
        get: operations["getBookReadBookId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Book/Read/{bookId}/{dbId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a book of a store database with its items */
        get: operations["getBookReadBookIdDbId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/content/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A content image (`{db}/Section/{id}/ti.png`, `{store}/Item/{id}/ti.png`, `Store/{id}/ti.png`, `{db}/Book/{id}/ti.png`) */
        get: operations["getContentPath"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (OAuth 2.0 password grant) */
        post: operations["postToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/UserInfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the token belongs to */
        get: operations["getAccountUserInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up (the same answer for a new address and a taken one) */
        post: operations["postAccountRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/ForgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset code */
        post: operations["postAccountForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/ResetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with a mailed code */
        post: operations["postAccountResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/RegisterEmployee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a staff account */
        post: operations["postAccountRegisterEmployee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/Mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's second factor */
        get: operations["getAccountMfa"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/Mfa/Setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up a second factor (staff) */
        post: operations["postAccountMfaSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/Mfa/Enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn the second factor on with a first code */
        post: operations["postAccountMfaEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/Mfa/Disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn the second factor off with a code */
        post: operations["postAccountMfaDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Account/Mfa/Reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset another account's second factor */
        post: operations["postAccountMfaReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accountapi/resendcode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new access code for a registration */
        post: operations["postAccountapiResendcode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accountapi/confirmemail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an address with the mailed access code */
        post: operations["postAccountapiConfirmemail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Details/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An end user's profile (self, or Admin) */
        get: operations["getUserDetailsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List end users */
        get: operations["getUserReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit a profile and address (self, or Admin); optionally change the password */
        put: operations["putUserEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an end user */
        delete: operations["deleteUserDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/Details/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An employee's profile (self, or Admin) */
        get: operations["getEmployeeDetailsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List employees */
        get: operations["getEmployeeReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit an employee's name and phone (self, or Admin); optionally change the password */
        put: operations["putEmployeeEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an employee */
        delete: operations["deleteEmployeeDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/GetRoles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's roles */
        get: operations["getEmployeeGetRolesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/AddUserToRole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give an account a role (Admin brings Employee) */
        post: operations["postEmployeeAddUserToRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Employee/RemoveUserFromRole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a role from an account */
        post: operations["postEmployeeRemoveUserFromRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/Read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's saved cart */
        get: operations["getCartRead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check Stock: save the posted cart and say what is short */
        post: operations["postCartCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/Merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge a guest cart into the saved cart */
        post: operations["postCartMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/CreateOrder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place an order for the posted cart */
        post: operations["postCartCreateOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/CartItem/Delete/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Empty the caller's cart */
        delete: operations["deleteCartItemDeleteUserId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/AllOrders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders: the caller's, or (staff) everyone's */
        get: operations["getOrderAllOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/AllOrdersByStaus/{status}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders of one status */
        get: operations["getOrderAllOrdersByStausStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/StatusCounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many orders are in each status (staff), narrowed as the lists are */
        get: operations["getOrderStatusCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an order (its owner, or staff) */
        get: operations["getOrderReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Invoice/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The order’s GST tax invoices (one per store part) and credit notes as one PDF (its owner, or staff; 403 for anyone else, 404 for an order without invoices) */
        get: operations["getOrderInvoiceId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/History/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order's moves, oldest first: its timeline (its owner, or staff) */
        get: operations["getOrderHistoryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Again/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A past order as it can be bought today */
        get: operations["getOrderAgainId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Cancel/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an own order while it is Placed or AwaitingPayment */
        post: operations["postOrderCancelId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Move an order's status */
        put: operations["putOrderStatusId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Undo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo an order's last move within 10 seconds of it, back to Status */
        post: operations["postOrderUndoId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Reopen/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a Delivered order back to OutForDelivery, with the reason (Admin, audited, mailed) */
        post: operations["postOrderReopenId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Weigh/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enter the weight or volume packed (g or ml) of weighed lines while the order is Packing: each within ±10 % of what was asked; the lines and order re-priced, stock moved by the difference, the shopper mailed (issue 33) */
        post: operations["postOrderWeighId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move several orders to one status, all or none (staff) */
        post: operations["postOrderMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/PickList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items of a store's open orders for one delivery slot, summed, in shelf order (staff) */
        get: operations["getOrderPickList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/Pack/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item as a pack of a bulk stock, and the packs drawing from it (staff) */
        get: operations["getItemPackId"];
        /** Make an item (sold ByUnit, no stock of its own) a pack of PackSize g or ml of a bulk item (staff) */
        put: operations["putItemPackId"];
        post?: never;
        /** Take an item off its bulk stock: its stock is its own again (staff) */
        delete: operations["deleteItemPackId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Item/Substitutes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items of the same store and section a shopper may choose instead, best match first */
        get: operations["getItemSubstitutesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/PackList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A store's orders in Packing for one delivery slot, lines in shelf order (staff) */
        get: operations["getOrderPackList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Order/Pack/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pack an order: every line packed, short or replaced, all or none; it moves on to OutForDelivery (staff) */
        post: operations["postOrderPackId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Report/Sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sales per day and per store, top items, average basket, fill and substitution rates, over a date range */
        get: operations["getReportSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StockAlert/Mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's back-in-stock requests */
        get: operations["getStockAlertMine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StockAlert/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to be mailed when an item is back in stock */
        post: operations["postStockAlertCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StockAlert/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a back-in-stock request */
        delete: operations["deleteStockAlertDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StoreDb/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List store databases */
        get: operations["getStoreDbReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StoreDb/ReadAll/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a store's databases */
        get: operations["getStoreDbReadAllStoreId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StoreDb/Read/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a store database */
        get: operations["getStoreDbReadId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StoreDb/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a store database */
        post: operations["postStoreDbCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/StoreDb/Edit/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a store database's fields */
        put: operations["putStoreDbEditId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of a store database's fields */
        patch: operations["patchStoreDbEditId"];
        trace?: never;
    };
    "/api/StoreDb/Delete/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a store database */
        delete: operations["deleteStoreDbDeleteId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Content/Upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a row's picture (stored as the 400×300 ti.png tile) */
        post: operations["postContentUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Content/Delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a row's picture */
        delete: operations["deleteContentDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Log/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first */
        get: operations["getLogReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/Changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed in the public catalogue since a cursor (for rebuilds) */
        get: operations["getSiteChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/Status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site's build status */
        get: operations["getSiteStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/Publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish now: start one rebuild of the site */
        post: operations["postSitePublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Catalogue/Import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This server's recent imports, newest first */
        get: operations["getCatalogueImport"];
        put?: never;
        /** Import items (and their stores, databases, sections, categories) from CSV or XLSX, all or nothing */
        post: operations["postCatalogueImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Catalogue/Import/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import's progress */
        get: operations["getCatalogueImportId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Catalogue/Export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export items as CSV or XLSX, in the import’s columns */
        get: operations["getCatalogueExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Feed/Stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set items' stock and prices from a till or ERP system */
        post: operations["postFeedStock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/FeedClient/ReadAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List feed keys */
        get: operations["getFeedClientReadAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/FeedClient/Create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a feed key */
        post: operations["postFeedClientCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/FeedClient/Revoke/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a feed key */
        post: operations["postFeedClientRevokeId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document as a page for people */
        get: operations["getReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process answers (a liveness probe) */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database answers and its migrations are current (503 with Retry-After otherwise) */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus' text format, for METRICS_ALLOW or METRICS_TOKEN (403 for anyone else) */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuditEntry: {
            LogID: number;
            At: string;
            ActorID: number | null;
            ActorEmail: string;
            Action: string;
            Target: string;
            Detail: {
                [key: string]: unknown;
            };
            Address: string;
            TargetName: string | null;
            TargetLink: string | null;
            Summary: string;
            Changes: {
                Field: string;
                Label: string;
                From: string | null;
                To: string;
            }[];
        };
        Book: {
            BookID: number;
            DbID: number;
            StoreID: number;
            BookTitle: string;
            BookMetaDescription: string;
            BookHidden: boolean;
            BookUpdatedTime: string;
            SectionTitle: string;
            SectionMetaDescription: string;
            SectionContent: string;
            CustomOrder: string;
            linkparams: string;
            items: components["schemas"]["Item"][];
        };
        BookSummary: {
            BookID: number;
            DbID: number;
            StoreID: number;
            BookTitle: string;
            BookMetaDescription: string;
            BookHidden: boolean;
            BookUpdatedTime: string;
            SectionTitle: string;
            SectionMetaDescription: string;
            SectionContent: string;
            CustomOrder: string;
            linkparams: string;
        };
        Cart: {
            CustomerID: number;
            CustomerName: string;
            CartID: number;
            CartItems: components["schemas"]["CartItem"][];
            RemovedLines?: components["schemas"]["RemovedLine"][];
            ReadTime?: string;
        };
        CartItem: {
            ItemID: number;
            ItemTitle: string;
            /** @enum {string} */
            Staus: "loaded" | "modified" | "deleted" | "added";
            StoreID: number;
            Qty: number;
            Availability: number;
            Size: string;
            UnitPrice: number;
            Discount: number;
            FlatDiscount: number;
            Gst: number;
            SellingPrice: number;
            StoreName: string;
            ItemUpdatedTime: string;
            /** @enum {string} */
            SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
            Step?: number;
            MaxQtyPerItem: number;
            LineUpdatedTime?: string;
            Substitution?: ("None" | "BestMatch") | number;
        };
        CatalogueChanges: {
            Cursor: string;
            ReadEverything: boolean;
            Items: components["schemas"]["Item"][];
        };
        Category: {
            CategoryID: number;
            CategoryTitle: string;
            CategoryUpdatedTime: string;
        };
        /** @description The saved cart and what the stock cannot cover. */
        CheckedCart: {
            CustomerID: number;
            CustomerName: string;
            CartID: number;
            CartItems: components["schemas"]["CartItem"][];
            RemovedLines?: components["schemas"]["RemovedLine"][];
            ReadTime?: string;
            Shortages: components["schemas"]["Shortage"][];
        };
        /** @description A confirmed address; the access token when the confirmation signed the shopper in (issue 37). */
        ConfirmedSignIn: {
            Message: string;
            access_token?: string;
            /** @constant */
            token_type?: "bearer";
            expires_in?: number;
            userName?: string;
        };
        /** @description A coupon: a percentage or a flat amount off an order’s items, maybe free delivery, within its dates and limits. */
        Coupon: {
            CouponID: number;
            Code: string;
            Percent: number | null;
            Amount: number | null;
            MinimumBasket: number;
            FirstOrderOnly: boolean;
            FreeDelivery: boolean;
            MaxUses: number | null;
            MaxUsesPerCustomer: number | null;
            ValidFrom: string | null;
            ValidTo: string | null;
            Used: number;
            Enabled: boolean;
            CreatedTime: string;
            UpdatedTime: string;
        };
        /** @description What a coupon code does to a cart. */
        CouponCheck: {
            Code: string;
            Discount: number;
            FreeDelivery: boolean;
            ItemsTotal: number;
            Parts: {
                StoreID: number;
                Discount: number;
            }[];
        };
        DeliveryAddress: {
            FullName: string;
            Phone: string;
            AddressLine1: string;
            AddressLine2: string;
            City: string;
            State: string;
            PostalCode: string;
            Note: string;
        };
        Employee: {
            EmployeeId: number;
            FullName: string;
            Email: string;
            Phone: string;
            Roles: string[];
        };
        EndUser: {
            EndUserId: number;
            FullName: string;
            Email: string;
            Phone: string;
            AddressLine1: string;
            AddressLine2: string;
            City: string;
            State: string;
            PostalCode: string;
        };
        /** @description An error: `Message` for people; for bad input, `ModelState` maps each field to its messages. Some calls add fields (a refused order: `Shortages`; a refused import: `Errors`, `ErrorCount`, `JobID`). */
        Error: {
            Message: string;
            ModelState?: {
                [key: string]: string[];
            };
        } & {
            [key: string]: unknown;
        };
        FeedAnswer: {
            Message: string;
            Applied: number;
            Changed: number;
            Skipped: {
                Line: number;
                ItemID: number | null;
                StoreID: number | null;
                ProductCode: string | null;
                Reason: string;
            }[];
            Lines: {
                Line: number;
                ItemID: number;
                ProductCode: string | null;
                Availability: number;
                SellingPrice: number;
                Changed: boolean;
            }[];
        };
        FeedClient: {
            FeedClientID: number;
            Name: string;
            KeyPrefix: string;
            CreatedAt: string;
            CreatedBy: string;
            RevokedAt: string | null;
            LastUsedAt: string | null;
            Stores: number[];
            ExpiresAt: string | null;
        };
        /** @description An order group's payment, with its orders. */
        GroupPayment: {
            GroupID: number;
            /** @enum {string} */
            Method: "OnDelivery" | "Online" | "Test";
            Amount: number;
            HoldUntil: string | null;
            PayUrl: string | null;
            Provider: {
                [key: string]: string;
            };
            /** @enum {string} */
            Status: "Pending" | "Paid" | "Failed" | "Refunded" | "PartlyRefunded";
            /** @enum {string} */
            Late?: "TakenAgain" | "Refunded";
            Orders: components["schemas"]["Order"][];
        };
        ImageDeleted: {
            Message: string;
            Path: string;
            Deleted: boolean;
        };
        /** @description One cell an import changes, or would change: `Sangli Green Grapes: UnitPrice 79 → 85`. */
        ImportChange: {
            Row: number;
            /** @enum {string} */
            Kind: "Item" | "Store" | "StoreDb" | "Section" | "Category";
            ID: number;
            Name: string;
            Column: string;
            Before: string;
            After: string;
        };
        /** @description A finished import (`?wait=1`): its report and a sentence saying it. */
        ImportDone: {
            DryRun: boolean;
            Rows: number;
            Created: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Changed: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Unchanged: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Seconds: number;
            Changes: components["schemas"]["ImportChange"][];
            ChangeCount: number;
            Message: string;
            JobID: string;
        };
        ImportJob: {
            JobID: string;
            FileName: string;
            DryRun: boolean;
            /** @enum {string} */
            State: "queued" | "running" | "succeeded" | "invalid" | "failed";
            Phase: string;
            Done: number;
            Total: number;
            StartedAt: string;
            FinishedAt: string | null;
            Message: string;
            Report: components["schemas"]["ImportReport"] | null;
            Errors: components["schemas"]["SheetError"][];
            ErrorCount: number;
            Changes: components["schemas"]["ImportChange"][];
            ChangeCount: number;
        };
        ImportReport: {
            DryRun: boolean;
            Rows: number;
            Created: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Changed: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Unchanged: {
                Items: number;
                Stores: number;
                StoreDbs: number;
                Sections: number;
                Categories: number;
            };
            Seconds: number;
            Changes: components["schemas"]["ImportChange"][];
            ChangeCount: number;
        };
        Item: {
            ItemID: number;
            StoreID: number;
            DbID: number;
            SectionID: number | null;
            ItemTitle: string;
            ItemMetaDescription: string;
            ItemContent: string;
            ItemHidden: boolean;
            Availability: number;
            Size: string;
            UnitPrice: number;
            Discount: number;
            FlatDiscount: number;
            Gst: number;
            SellingPrice: number;
            ItemUpdatedTime: string;
            ProductCode: string | null;
            ReorderLevel: number | null;
            HsnCode?: string;
            /** @enum {string} */
            SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
            Step?: number;
        };
        ItemDeleted: {
            Message: string;
            RemovedFromCarts: number;
            RemovedFromCustomOrders: number;
        };
        /** @description An item's place in a bulk stock: the bulk it draws from as a pack, or the packs drawing from it. */
        ItemPack: {
            ItemID: number;
            BulkItemID: number | null;
            PackSize: number | null;
            Availability: number;
            Packs: {
                ItemID: number;
                ItemTitle: string;
                PackSize: number;
                Availability: number;
            }[];
        };
        /** @description A sentence saying what was done, for people. */
        Message: {
            Message: string;
        };
        MfaSetup: {
            Secret: string;
            OtpAuthUrl: string;
            RecoveryCodes: string[];
        };
        MfaStatus: {
            Enabled: boolean;
            Pending: boolean;
            RecoveryCodesLeft: number;
            Required: boolean;
        };
        MovedOrders: {
            Orders: components["schemas"]["Order"][];
        };
        NewFeedClient: {
            FeedClientID: number;
            Name: string;
            KeyPrefix: string;
            CreatedAt: string;
            CreatedBy: string;
            RevokedAt: string | null;
            LastUsedAt: string | null;
            Stores: number[];
            ExpiresAt: string | null;
            Key: string;
        };
        OAuthError: {
            error: string;
            error_description: string;
            /** @enum {string} */
            mfa?: "code" | "setup";
            mfa_setup_token?: string;
        };
        Order: {
            OrderID: number;
            CustomerID: number;
            CustomerName: string;
            /** @enum {string} */
            Status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
            OrderTotal: number;
            CreatedTime: string;
            UpdatedTime: string;
            OrderItems: components["schemas"]["OrderItem"][];
            DeliveryAddress: components["schemas"]["DeliveryAddress"];
            DeliveryFee: number;
            Discount: number;
            CouponCode: string | null;
            SlotID: number | null;
            Slots?: components["schemas"]["OrderSlot"][];
            GroupID: number;
            GroupOrderIDs?: number[];
            Payment: components["schemas"]["OrderPayment"];
            Refunds: components["schemas"]["OrderRefund"][];
        };
        OrderAgainLine: {
            ItemID: number;
            StoreID: number;
            ItemTitle: string;
            Ordered: number;
            Add: number;
            Reason: string;
            Item: {
                ItemID: number;
                StoreID: number;
                DbID: number;
                SectionID: number | null;
                ItemTitle: string;
                ItemMetaDescription: string;
                ItemContent: string;
                ItemHidden: boolean;
                Availability: number;
                Size: string;
                UnitPrice: number;
                Discount: number;
                FlatDiscount: number;
                Gst: number;
                SellingPrice: number;
                ItemUpdatedTime: string;
                ProductCode: string | null;
                ReorderLevel: number | null;
                HsnCode?: string;
                /** @enum {string} */
                SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
                Step?: number;
                MaxQtyPerItem: number;
            } | null;
        };
        OrderItem: {
            ItemID: number;
            StoreID: number;
            ItemTitle: string;
            UnitPrice: number;
            Gst: number;
            Discount: number;
            FlatDiscount: number;
            SellingPrice: number;
            Qty: number;
            Size: string;
            /** @enum {string} */
            SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
            AskedQty?: number;
            LineTotal: number;
            Substitution?: ("None" | "BestMatch") | number;
            Sent?: components["schemas"]["SentItem"] | null;
        };
        /** @description One move of an order's status, as its audit entry recorded it. */
        OrderMove: {
            At: string;
            /** @enum {string} */
            From: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
            /** @enum {string} */
            To: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
            By: string;
            /** @enum {string} */
            Kind: "Move" | "Undo" | "Reopen" | "CustomerCancel";
            Reason: string;
            StockChange: number;
        };
        /** @description How an order is paid (OnDelivery, Online, Test) and where that stands. */
        OrderPayment: {
            /** @enum {string} */
            Method: "OnDelivery" | "Online" | "Test";
            /** @enum {string} */
            Status: "Pending" | "Paid" | "Failed" | "Refunded" | "PartlyRefunded";
        };
        /** @description A refund of an order’s payment, through the method it was paid with (issue 32). */
        OrderRefund: {
            Amount: number;
            At: string;
            /** @enum {string} */
            Status: "Pending" | "Processed" | "Failed";
            Reason: string;
        };
        /** @description The delivery slot an order holds at one store (issue 31). */
        OrderSlot: {
            StoreID: number;
            SlotID: number;
            Start: string;
            End: string;
        };
        PackLine: {
            ItemID: number;
            ProductCode: string | null;
            ItemTitle: string;
            Size: string;
            Qty: number;
            SectionID: number | null;
            SectionTitle: string;
            SellingPrice: number;
            Substitution: ("None" | "BestMatch") | number;
            SubstituteTitle: string | null;
        };
        /** @description A store's orders in Packing for one delivery slot (the packing screen). */
        PackList: {
            StoreID: number;
            StoreTitle: string;
            SlotID: number | null;
            Start: string | null;
            End: string | null;
            Orders: components["schemas"]["PackOrder"][];
        };
        PackOrder: {
            OrderID: number;
            CustomerName: string;
            Lines: components["schemas"]["PackLine"][];
        };
        /** @description The ways to pay this shop offers. */
        PaymentMethods: {
            Methods: ("OnDelivery" | "Online" | "Test")[];
            HoldSeconds: number;
            OnDeliveryMax: number;
        };
        /** @description The shop's payment settings. */
        PaymentSettings: {
            OnDeliveryMax: number;
            HoldMinutes: number;
            HoldSecondsOverride: number | null;
        };
        /** @description One item to pick, its units summed across the orders. */
        PickLine: {
            ItemID: number;
            ProductCode: string | null;
            ItemTitle: string;
            Size: string;
            SectionID: number | null;
            SectionTitle: string;
            Qty: number;
            Orders: {
                OrderID: number;
                Qty: number;
            }[];
        };
        /** @description What a packer picks for one store's delivery slot: its open orders' items, summed. */
        PickList: {
            StoreID: number;
            StoreTitle: string;
            SlotID: number | null;
            Start: string | null;
            End: string | null;
            OrderIDs: number[];
            Units: number;
            Lines: components["schemas"]["PickLine"][];
        };
        /** @description The first store's order as CreateOrder always answered it, and every order of its group (issue 31). */
        PlacedOrder: {
            OrderID: number;
            CustomerID: number;
            CustomerName: string;
            /** @enum {string} */
            Status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
            OrderTotal: number;
            CreatedTime: string;
            UpdatedTime: string;
            OrderItems: components["schemas"]["OrderItem"][];
            DeliveryAddress: components["schemas"]["DeliveryAddress"];
            DeliveryFee: number;
            Discount: number;
            CouponCode: string | null;
            SlotID: number | null;
            Slots?: components["schemas"]["OrderSlot"][];
            GroupID: number;
            GroupOrderIDs?: number[];
            Payment: components["schemas"]["OrderPayment"];
            Refunds: components["schemas"]["OrderRefund"][];
            Orders: components["schemas"]["Order"][];
        };
        /** @description What a Razorpay webhook did. */
        RazorpayWebhookAnswer: {
            Event: string;
            Applied: boolean;
        };
        /** @description A line taken out of the saved cart lately, and when: a device holding an older copy drops it. */
        RemovedLine: {
            ItemID: number;
            StoreID: number;
            RemovedTime: string;
        };
        /** @description The shop's sales over a range of its local days. */
        SalesReport: {
            From: string;
            To: string;
            TimeZone: string;
            Days: {
                Date: string;
                Orders: number;
                Total: number;
            }[];
            Stores: {
                StoreID: number;
                StoreTitle: string;
                Orders: number;
                Total: number;
                FillRate: number | null;
                SubstitutionRate: number | null;
            }[];
            TopItems: {
                ItemID: number;
                ItemTitle: string;
                StoreID: number;
                Qty: number;
                /** @enum {string} */
                SoldBy: "ByUnit" | "ByWeight" | "ByVolume";
                Total: number;
            }[];
            Orders: number;
            Total: number;
            AverageBasket: number | null;
            FillRate: number | null;
            SubstitutionRate: number | null;
            Cancelled: number;
        };
        /** @description Products a search finds. */
        SearchAnswer: {
            Total: number;
            Hits: {
                ItemID: number;
                DbID: number;
                StoreID: number;
                StoreTitle: string;
                SellingPrice: number;
                Availability: number;
                Discount: number;
                FlatDiscount: number;
                Gst: number;
                ItemUpdatedTime: string;
                MaxQtyPerItem: number;
                UnitPrice: number;
                ItemTitle: string;
                Size: string;
                Stores: {
                    ItemID: number;
                    DbID: number;
                    StoreID: number;
                    StoreTitle: string;
                    SellingPrice: number;
                    Availability: number;
                    Discount: number;
                    FlatDiscount: number;
                    Gst: number;
                    ItemUpdatedTime: string;
                    MaxQtyPerItem: number;
                    UnitPrice: number;
                }[];
            }[];
        };
        /** @description The synonym groups of the search. */
        SearchSynonyms: {
            Groups: string[][];
        };
        /** @description A published section. */
        Section: {
            SectionID: number;
            DbID: number;
            StoreID: number;
            SectionTitle: string;
            SectionMetaDescription: string;
            SectionContent: string;
            SectionHidden: boolean;
            CustomOrder: string;
            SectionUpdatedTime: string;
        };
        SectionWithList: {
            SectionID: number;
            DbID: number;
            StoreID: number;
            SectionTitle: string;
            SectionMetaDescription: string;
            SectionContent: string;
            SectionHidden: boolean;
            CustomOrder: string;
            SectionUpdatedTime: string;
            items: components["schemas"]["Item"][];
        };
        /** @description What packing sent for an order line (issue 33). */
        SentItem: {
            /** @enum {string} */
            Outcome: "Packed" | "Short" | "Replaced";
            ItemID: number;
            ItemTitle: string;
            Size: string;
            Qty: number;
            SellingPrice: number;
            LineTotal: number;
        };
        SheetError: {
            Row: number;
            Column: string;
            Rule: string;
            Item?: string;
            Value?: string;
        };
        Shortage: {
            ItemID: number;
            StoreID: number;
            ItemTitle: string;
            Requested: number;
            Available: number;
        };
        SiteBuild: {
            Running: boolean;
            Queued: boolean;
            StartedAt: string | null;
            Done: number;
            Total: number;
            Phase: string;
            Message: string;
        };
        SiteStatus: {
            OutOfDate: boolean;
            ContentChangedAt: string | null;
            LastBuiltAt: string | null;
            Build: components["schemas"]["SiteBuild"];
            LastBuild: {
                /** @enum {string} */
                Status: "succeeded" | "failed";
                FinishedAt: string | null;
                LogTail: string;
            } | null;
        };
        /** @description A delivery slot of a store: a window taking at most Capacity orders until its Cutoff. */
        Slot: {
            SlotID: number;
            StoreID: number;
            Start: string;
            End: string;
            Cutoff: string;
            Capacity: number;
            Left: number;
        };
        /** @description A store's weekly delivery slots, made into slots for the days ahead. */
        SlotTemplate: {
            StoreID: number;
            LeadMinutes: number;
            DaysAhead: number;
            Slots: {
                Weekday: number;
                Start: string;
                End: string;
                Capacity: number;
            }[];
        };
        /** @description A section as staff edit it in a store database, published or not. */
        StaffSection: {
            SectionID: number;
            DbID: number;
            StoreID: number;
            SectionTitle: string;
            SectionMetaDescription: string;
            SectionContent: string;
            SectionHidden: boolean;
            CustomOrder: string;
            SectionUpdatedTime: string;
            ItemCount: number;
            Published: boolean;
            PublishedTime: string | null;
        };
        StockAlert: {
            AlertID: number;
            ItemID: number;
            StoreID: number;
            DbID: number;
            ItemTitle: string;
            StoreTitle: string;
            Size: string;
            Availability: number;
            CreatedTime: string;
        };
        /** @description One change of an item's stock (`Change` = `After` - `Before`). */
        StockHistoryEntry: {
            EntryID: number;
            At: string;
            Change: number;
            Before: number;
            After: number;
            /** @enum {string} */
            Reason: "order" | "cancellation" | "packing" | "feed" | "import" | "edit" | "opening" | "seed";
            By: string;
            OrderID: number | null;
        };
        Store: {
            StoreID: number;
            CategoryID: number;
            StoreTitle: string;
            StoreDescription: string;
            StoreHidden: boolean;
            /** @enum {string} */
            StoreType: "public_store" | "client_store" | "edu_shopy_store";
            DbIDs: number[];
            StoreUpdatedTime: string;
            MaxQtyPerItem: number;
            Gstin: string;
            StateCode: string;
            StoreAddress: string;
        };
        StoreDb: {
            DbID: number;
            StoreID: number;
            DbTitle: string;
            DbUpdatedTime: string;
            SectionCount: number;
            ItemCount: number;
        };
        /** @description A store without settings delivers everywhere, with no fee and no minimum. */
        StoreDelivery: {
            StoreID: number;
            StoreTitle: string;
            PostalCodes: string[];
            Fee: number;
            MinimumOrder: number;
            FreeAbove: number | null;
            OnDeliveryMax: number | null;
            NoOnDeliveryPostalCodes: string[];
        };
        /** @description An item of the same store and section a shopper may choose instead. */
        Substitute: {
            ItemID: number;
            StoreID: number;
            ItemTitle: string;
            Size: string;
            SellingPrice: number;
            Availability: number;
        };
        /** @description An OAuth 2.0 access token (a signed JWT with ASP.NET Identity claim names). */
        Token: {
            access_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
            userName: string;
            device_token?: string;
        };
        Uploaded: {
            Path: string;
        };
        UserInfo: {
            UserId: number;
            Email: string;
            FullName: string;
            Roles: string[];
            /** @constant */
            HasRegistered: true;
        };
        UserRoles: {
            UserId: number;
            Roles: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getCategoryReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of categories */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCategoryReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The category */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCategoryCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CategoryTitle: string;
                };
            };
        };
        responses: {
            /** @description The new category */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putCategoryEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CategoryTitle: string;
                };
            };
        };
        responses: {
            /** @description The category as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchCategoryEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only the fields to change. */
        requestBody: {
            content: {
                "application/json": {
                    CategoryTitle?: string;
                };
            };
        };
        responses: {
            /** @description The category as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCategoryDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of stores */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreReadAllCategoryId: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path: {
                /** @description categoryId: a positive whole number */
                categoryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of stores */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStoreCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CategoryID: number;
                    StoreTitle: string;
                    StoreDescription?: string;
                    StoreHidden?: boolean;
                    /** @enum {string} */
                    StoreType?: "public_store" | "client_store" | "edu_shopy_store";
                    MaxQtyPerItem?: number;
                    Gstin?: string;
                    StateCode?: string;
                    StoreAddress?: string;
                };
            };
        };
        responses: {
            /** @description The new store */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putStoreEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CategoryID: number;
                    StoreTitle: string;
                    StoreDescription?: string;
                    StoreHidden?: boolean;
                    /** @enum {string} */
                    StoreType?: "public_store" | "client_store" | "edu_shopy_store";
                    MaxQtyPerItem?: number;
                    Gstin?: string;
                    StateCode?: string;
                    StoreAddress?: string;
                };
            };
        };
        responses: {
            /** @description The store as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchStoreEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only the fields to change. */
        requestBody: {
            content: {
                "application/json": {
                    CategoryID?: number;
                    StoreTitle?: string;
                    StoreDescription?: string;
                    StoreHidden?: boolean;
                    /** @enum {string} */
                    StoreType?: "public_store" | "client_store" | "edu_shopy_store";
                    MaxQtyPerItem?: number;
                    Gstin?: string;
                    StateCode?: string;
                    StoreAddress?: string;
                };
            };
        };
        responses: {
            /** @description The store as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStoreDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings of every store that has any, in StoreID order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDelivery"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDeliveryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store's delivery settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDelivery"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putStoreDeliveryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Money in rupees with at most two decimals; Fee and MinimumOrder default to 0, FreeAbove to null (never free), OnDeliveryMax to null (the shop’s cap; 0: no pay on delivery), NoOnDeliveryPostalCodes to none. */
        requestBody: {
            content: {
                "application/json": {
                    PostalCodes: string[];
                    Fee?: number;
                    MinimumOrder?: number;
                    FreeAbove?: number | null;
                    OnDeliveryMax?: number | null;
                    NoOnDeliveryPostalCodes?: string[];
                };
            };
        };
        responses: {
            /** @description The settings as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDelivery"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreSlotsStoreId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slots, earliest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Slot"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStoreSlotStoreId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Start: string;
                    End: string;
                    Capacity: number;
                    Cutoff?: string;
                };
            };
        };
        responses: {
            /** @description The new slot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Slot"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreSlotTemplateStoreId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotTemplate"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putStoreSlotTemplateStoreId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    LeadMinutes?: number;
                    DaysAhead?: number;
                    Slots: {
                        Weekday: number;
                        Start: string;
                        End: string;
                        Capacity: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotTemplate"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCouponCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Code: string;
                    Percent?: number;
                    Amount?: number;
                    MinimumBasket?: number;
                    FirstOrderOnly?: boolean;
                    FreeDelivery?: boolean;
                    MaxUses?: number;
                    MaxUsesPerCustomer?: number;
                    ValidFrom?: string;
                    ValidTo?: string;
                };
            };
        };
        responses: {
            /** @description The new coupon */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCouponReadAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCouponReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCouponEnableId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCouponDisableId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coupon */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCouponCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Code: string;
                    CartItems: ({
                        ItemID: number;
                        StoreID: number;
                        Qty: number;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description The saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponCheck"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The methods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethods"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentGroupId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description GroupID: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupPayment"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentTestId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description GroupID: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    Outcome: "approve" | "decline" | "fail" | "late";
                };
            };
        };
        responses: {
            /** @description The payment after the answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupPayment"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentRazorpayVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    razorpay_order_id: string;
                    razorpay_payment_id: string;
                    razorpay_signature: string;
                };
            };
        };
        responses: {
            /** @description The payment, paid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupPayment"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentRazorpayWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event: string;
                    payload: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description What the event did */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RazorpayWebhookAnswer"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentSettings"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putPaymentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OnDeliveryMax?: number;
                    HoldMinutes?: number;
                };
            };
        };
        responses: {
            /** @description The settings as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentSettings"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSearch: {
        parameters: {
            query: {
                /** @description The words; at least one of 2 letters or digits (else 400); the last one may be unfinished */
                q: string;
                /** @description From 1 (default 1) */
                page?: number;
                /** @description Hits a page, 1 to 50 (default 20) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchAnswer"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSearchSynonyms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchSynonyms"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putSearchSynonyms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchSynonyms"];
            };
        };
        responses: {
            /** @description The groups as saved, lower case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchSynonyms"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublisherReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of published sections */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublisherReadAllStoreId: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of published sections */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublisherReadSectionIdDbId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description sectionId: a positive whole number */
                sectionId: number;
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published section */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putPublisherEditSectionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description sectionId: a positive whole number */
                sectionId: number;
            };
            cookie?: never;
        };
        /** @description DbID, and overrides of the draft */
        requestBody: {
            content: {
                "application/json": {
                    DbID?: number;
                    SectionTitle?: string;
                    SectionMetaDescription?: string;
                    SectionContent?: string;
                    SectionHidden?: boolean;
                    CustomOrder?: unknown;
                };
            };
        };
        responses: {
            /** @description The public copy, updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"];
                };
            };
            /** @description The public copy, published for the first time */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Section"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePublisherDeleteSectionIdDbId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description sectionId: a positive whole number */
                sectionId: number;
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was unpublished */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSectionReadSectionWithListSectionIdDbId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description sectionId: a positive whole number */
                sectionId: number;
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section and its items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SectionWithList"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSectionReadAllDbId: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
            };
            header?: never;
            path: {
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sections */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSectionReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The section */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSectionCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    DbID: number;
                    SectionTitle: string;
                    SectionMetaDescription?: string;
                    SectionContent?: string;
                    SectionHidden?: boolean;
                    CustomOrder?: unknown;
                };
            };
        };
        responses: {
            /** @description The new section */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putSectionEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    DbID: number;
                    SectionTitle: string;
                    SectionMetaDescription?: string;
                    SectionContent?: string;
                    SectionHidden?: boolean;
                    CustomOrder?: unknown;
                };
            };
        };
        responses: {
            /** @description The section as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchSectionEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only the fields to change. */
        requestBody: {
            content: {
                "application/json": {
                    DbID?: number;
                    SectionTitle?: string;
                    SectionMetaDescription?: string;
                    SectionContent?: string;
                    SectionHidden?: boolean;
                    CustomOrder?: unknown;
                };
            };
        };
        responses: {
            /** @description The section as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSectionDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putSectionReorderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ItemIDs: unknown;
                };
            };
        };
        responses: {
            /** @description The section */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSection"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getItemReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Staff only: text the title or the product code contains (case-insensitive), in every store */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
                /** @description Only this store */
                storeId?: number;
                /** @description Only this store database */
                dbId?: number;
                /** @description Only this section */
                sectionId?: number;
                /** @description Staff only (else 403): `true` lists only items whose stock is at or below their ReorderLevel */
                atReorderLevel?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getItemStockHistoryItemID: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description `At` (default `At desc`: newest first) or `At asc` */
                sort?: string;
            };
            header?: never;
            path: {
                /** @description ItemID: a positive whole number */
                ItemID: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of stock changes */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockHistoryEntry"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getItemReadIdDbId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postItemCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    DbID: number;
                    StoreID?: number;
                    SectionID?: number | null;
                    ItemTitle: string;
                    ItemMetaDescription?: string;
                    ItemContent?: string;
                    ItemHidden?: boolean;
                    Availability?: number;
                    Size?: string;
                    UnitPrice: number;
                    Discount?: number;
                    FlatDiscount?: number;
                    Gst?: number;
                    ProductCode?: string | null;
                    ReorderLevel?: number | null;
                    HsnCode?: string;
                    /** @enum {string} */
                    SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
                    Step?: number;
                };
            };
        };
        responses: {
            /** @description The new item */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putItemEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    DbID: number;
                    StoreID?: number;
                    SectionID?: number | null;
                    ItemTitle: string;
                    ItemMetaDescription?: string;
                    ItemContent?: string;
                    ItemHidden?: boolean;
                    Availability?: number;
                    Size?: string;
                    UnitPrice: number;
                    Discount?: number;
                    FlatDiscount?: number;
                    Gst?: number;
                    ProductCode?: string | null;
                    ReorderLevel?: number | null;
                    HsnCode?: string;
                    /** @enum {string} */
                    SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
                    Step?: number;
                };
            };
        };
        responses: {
            /** @description The item as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchItemEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only the fields to change. */
        requestBody: {
            content: {
                "application/json": {
                    DbID?: number;
                    StoreID?: number;
                    SectionID?: number | null;
                    ItemTitle?: string;
                    ItemMetaDescription?: string;
                    ItemContent?: string;
                    ItemHidden?: boolean;
                    Availability?: number;
                    Size?: string;
                    UnitPrice?: number;
                    Discount?: number;
                    FlatDiscount?: number;
                    Gst?: number;
                    ProductCode?: string | null;
                    ReorderLevel?: number | null;
                    HsnCode?: string;
                    /** @enum {string} */
                    SoldBy?: "ByUnit" | "ByWeight" | "ByVolume";
                    Step?: number;
                };
            };
        };
        responses: {
            /** @description The item as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Item"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteItemDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemDeleted"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of books */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookSummary"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookReadAllStoreId: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
            };
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of books */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookSummary"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookReadBookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bookId: a positive whole number */
                bookId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The book */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Book"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBookReadBookIdDbId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description bookId: a positive whole number */
                bookId: number;
                /** @description dbId: a positive whole number */
                dbId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The book */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Book"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getContentPath: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag an earlier answer gave */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The image path, slashes included */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image */
            200: {
                headers: {
                    /** @description The file's version */
                    ETag: string;
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified since the ETag */
            304: {
                headers: {
                    /** @description The file's version */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @constant */
                    grant_type: "password";
                    username: string;
                    password: string;
                    otp?: string;
                    device_token?: string;
                };
            };
        };
        responses: {
            /** @description An access token */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] | components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] | components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] | components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] | components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInfo"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Email: string;
                    Password: string;
                    ConfirmPassword: string;
                };
            };
        };
        responses: {
            /** @description What happens next */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Email: string;
                };
            };
        };
        responses: {
            /** @description The same answer whether or not the address has an account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Email: string;
                    Code: string;
                    Password: string;
                    ConfirmPassword: string;
                };
            };
        };
        responses: {
            /** @description The password is changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountRegisterEmployee: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Email: string;
                    Password: string;
                    ConfirmPassword: string;
                    FullName: string;
                    /** @enum {string} */
                    Role?: "Employee" | "Admin";
                };
            };
        };
        responses: {
            /** @description The new employee */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employee"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether it is on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaStatus"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountMfaSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret and the recovery codes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaSetup"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountMfaEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Code: string;
                };
            };
        };
        responses: {
            /** @description It is on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountMfaDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Code: string;
                };
            };
        };
        responses: {
            /** @description It is off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountMfaReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    UserId: number;
                };
            };
        };
        responses: {
            /** @description What was reset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountapiResendcode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: number;
                };
            };
        };
        responses: {
            /** @description The same answer for every id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAccountapiConfirmemail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: number | string;
                    code: string | number;
                    signIn?: boolean;
                };
            };
        };
        responses: {
            /** @description A sentence (a JSON string, as the original backend answered); with `signIn: true`, the sentence as `Message` and, for an end user, an access token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string | components["schemas"]["ConfirmedSignIn"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUserDetailsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndUser"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUserReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of end users */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndUser"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUserEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Id: number;
                    FullName?: string;
                    Phone?: string;
                    AddressLine1?: string;
                    AddressLine2?: string;
                    City?: string;
                    State?: string;
                    PostalCode?: string;
                    CurrentPassword?: string;
                    NewPassword?: string;
                    ConfirmPassword?: string;
                };
            };
        };
        responses: {
            /** @description The profile as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndUser"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUserDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmployeeDetailsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employee"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmployeeReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of employees */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employee"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putEmployeeEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Id: number;
                    FullName?: string;
                    Phone?: string;
                    AddressLine1?: string;
                    AddressLine2?: string;
                    City?: string;
                    State?: string;
                    PostalCode?: string;
                    CurrentPassword?: string;
                    NewPassword?: string;
                    ConfirmPassword?: string;
                };
            };
        };
        responses: {
            /** @description The profile as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Employee"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEmployeeDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmployeeGetRolesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The roles, as a plain list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEmployeeAddUserToRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    UserId: number;
                    /** @enum {string} */
                    Role: "Admin" | "Employee" | "User";
                };
            };
        };
        responses: {
            /** @description The roles now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserRoles"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEmployeeRemoveUserFromRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    UserId: number;
                    /** @enum {string} */
                    Role: "Admin" | "Employee" | "User";
                };
            };
        };
        responses: {
            /** @description The roles now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserRoles"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCartRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cart (empty when nothing is saved) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCartCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CartItems: ({
                        ItemID: number;
                        StoreID: number;
                        Qty: number;
                        /** @enum {string} */
                        Staus?: "loaded" | "modified" | "deleted" | "added";
                        /** Format: date-time */
                        LineUpdatedTime?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** Format: date-time */
                    SyncedTime?: string;
                };
            };
        };
        responses: {
            /** @description The saved cart and its shortages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckedCart"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCartMerge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CartItems: ({
                        ItemID: number;
                        StoreID: number;
                        Qty: number;
                        /** @enum {string} */
                        Staus?: "loaded" | "modified" | "deleted" | "added";
                        /** Format: date-time */
                        LineUpdatedTime?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** Format: date-time */
                    SyncedTime?: string;
                };
            };
        };
        responses: {
            /** @description The merged cart */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCartCreateOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description A new value per order, the same when retrying it: a retry answers the first order */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    CartItems: ({
                        ItemID: number;
                        StoreID: number;
                        Qty: number;
                        /** @enum {string} */
                        Staus?: "loaded" | "modified" | "deleted" | "added";
                        /** Format: date-time */
                        LineUpdatedTime?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** Format: date-time */
                    SyncedTime?: string;
                    DeliveryAddress?: {
                        FullName: string;
                        Phone: string;
                        AddressLine1: string;
                        AddressLine2?: string;
                        City: string;
                        State: string;
                        PostalCode: string;
                        Note?: string;
                    };
                    SaveAddress?: boolean;
                    Slots?: {
                        [key: string]: number;
                    };
                    CouponCode?: string | null;
                    PaymentMethod?: ("OnDelivery" | "Online" | "Test") | null;
                };
            };
        };
        responses: {
            /** @description One order per store of the cart under one GroupID: the first store's order, and every order in Orders */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlacedOrder"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCartItemDeleteUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description userId: a positive whole number */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty cart */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderAllOrders: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Staff: `true` for their own orders only */
                mine?: string;
                /** @description Staff: only orders delivered to this city */
                city?: string;
                /** @description Staff: only orders delivered to this postal code */
                postalCode?: string;
                /** @description Staff: only orders with a line packed by this store */
                store?: number;
                /** @description Staff: only orders placed at or after this ISO-8601 time (with its offset) */
                from?: string;
                /** @description Staff: only orders placed before this ISO-8601 time (with its offset) */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of orders */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderAllOrdersByStausStatus: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Staff: `true` for their own orders only */
                mine?: string;
                /** @description Staff: only orders delivered to this city */
                city?: string;
                /** @description Staff: only orders delivered to this postal code */
                postalCode?: string;
                /** @description Staff: only orders with a line packed by this store */
                store?: number;
                /** @description Staff: only orders placed at or after this ISO-8601 time (with its offset) */
                from?: string;
                /** @description Staff: only orders placed before this ISO-8601 time (with its offset) */
                before?: string;
            };
            header?: never;
            path: {
                /** @description An order status */
                status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of orders */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderStatusCounts: {
        parameters: {
            query?: {
                /** @description `true` for their own orders only */
                mine?: string;
                /** @description Only orders delivered to this city */
                city?: string;
                /** @description Only orders delivered to this postal code */
                postalCode?: string;
                /** @description Staff: only orders with a line packed by this store */
                store?: number;
                /** @description Staff: only orders placed at or after this ISO-8601 time (with its offset) */
                from?: string;
                /** @description Staff: only orders placed before this ISO-8601 time (with its offset) */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The number of orders in each status, and in all */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        AwaitingPayment: number;
                        Placed: number;
                        Confirmed: number;
                        Packing: number;
                        OutForDelivery: number;
                        Delivered: number;
                        Cancelled: number;
                        All: number;
                    };
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderInvoiceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: each invoice and credit note on pages of its own */
            200: {
                headers: {
                    /** @description The file name to save as */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderHistoryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each move: when, from, to, by whom, its kind and reason (for the owner, By and Reason are '' on the shop's moves) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderMove"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderAgainId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order's lines */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderAgainLine"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderCancelId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putOrderStatusId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    Status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
                };
            };
        };
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderUndoId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    Status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
                };
            };
        };
        responses: {
            /** @description The order, back in Status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderReopenId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Reason: string;
                };
            };
        };
        responses: {
            /** @description The order, OutForDelivery again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderWeighId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Lines: {
                        ItemID: number;
                        Qty: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The order re-priced: each weighed line with Qty packed and AskedQty */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderMove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    OrderIDs: number[];
                    /** @enum {string} */
                    Status: "AwaitingPayment" | "Placed" | "Confirmed" | "Packing" | "OutForDelivery" | "Delivered" | "Cancelled";
                };
            };
        };
        responses: {
            /** @description Every order moved, in the order asked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MovedOrders"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderPickList: {
        parameters: {
            query: {
                /** @description The store whose lines to pick */
                StoreID: number;
                /** @description One of the store's slots; left out: the open orders without a slot */
                SlotID?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pick list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickList"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getItemPackId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item's pack set-up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPack"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putItemPackId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    BulkItemID: number;
                    PackSize: number;
                };
            };
        };
        responses: {
            /** @description The item's pack set-up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPack"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteItemPackId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item's pack set-up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemPack"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getItemSubstitutesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The substitutes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Substitute"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrderPackList: {
        parameters: {
            query: {
                /** @description The store whose orders to pack */
                StoreID: number;
                /** @description One of the store's slots; left out: the orders without a slot */
                SlotID?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders to pack */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackList"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOrderPackId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Lines: {
                        ItemID: number;
                        /** @enum {string} */
                        Outcome: "Packed" | "Short" | "Replaced";
                        Qty?: number;
                        ReplacementID?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The order as packed, OutForDelivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReportSales: {
        parameters: {
            query: {
                /** @description The first shop-local day, YYYY-MM-DD */
                from: string;
                /** @description The last shop-local day, YYYY-MM-DD; at most 366 days in all */
                to: string;
                /** @description `json` (default) or `csv` */
                format?: "json" | "csv";
                /** @description With format=csv: `days` (default), `stores`, `items` or `summary` */
                table?: "days" | "stores" | "items" | "summary";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report (or, with format=csv, one of its tables as text/csv) */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SalesReport"];
                    "text/csv": string;
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStockAlertMine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockAlert"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStockAlertCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ItemID: number;
                };
            };
        };
        responses: {
            /** @description The request made earlier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockAlert"];
                };
            };
            /** @description The new request */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockAlert"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStockAlertDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description It is cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDbReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of store databases */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDbReadAllStoreId: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
            };
            header?: never;
            path: {
                /** @description storeId: a positive whole number */
                storeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of store databases */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStoreDbReadId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store database */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStoreDbCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    StoreID: number;
                    DbTitle: string;
                };
            };
        };
        responses: {
            /** @description The new store database */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putStoreDbEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    StoreID: number;
                    DbTitle: string;
                };
            };
        };
        responses: {
            /** @description The store database as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchStoreDbEditId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        /** @description Only the fields to change. */
        requestBody: {
            content: {
                "application/json": {
                    StoreID?: number;
                    DbTitle?: string;
                };
            };
        };
        responses: {
            /** @description The store database as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreDb"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStoreDbDeleteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postContentUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    kind: "Section" | "Item" | "Store" | "Book";
                    id: string;
                    dbId?: string;
                    storeId?: string;
                    file: string;
                };
            };
        };
        responses: {
            /** @description Where the picture is served */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Uploaded"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body of a type this call does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteContentDelete: {
        parameters: {
            query: {
                /** @description `Section`, `Item`, `Store` or `Book` */
                kind: string;
                /** @description The row's id */
                id: number;
                /** @description For Section and Book */
                dbId?: number;
                /** @description For Item */
                storeId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether there was a picture */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageDeleted"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLogReadAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 (default 0) */
                page?: number;
                /** @description Rows a page (1 to 1000, default 10) */
                limit?: number;
                /** @description A field name of the rows, optionally followed by ` asc` or ` desc` */
                sort?: string;
                /** @description Text the rows must contain (case-insensitive) */
                filter?: string;
                /** @description Only actions starting so (`item.`) */
                action?: string;
                /** @description Only this actor's e-mail address (part of it) */
                actor?: string;
                /** @description From this ISO 8601 time */
                from?: string;
                /** @description Up to this ISO 8601 time (a bare date: through that day) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries */
            200: {
                headers: {
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    /** @description The page answered */
                    "X-Page": string;
                    /** @description Rows a page */
                    "X-Limit": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntry"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSiteChanges: {
        parameters: {
            query?: {
                /** @description The Cursor an earlier answer gave */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogueChanges"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSiteStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteStatus"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSitePublish: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rebuild started (or was queued) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteStatus"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCatalogueImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The imports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCatalogueImport: {
        parameters: {
            query?: {
                /** @description `true`: check and count, write nothing */
                dryRun?: string;
                /** @description The file's name, for the job and the audit log */
                name?: string;
                /** @description `true`: answer at once with the job (202) */
                async?: string;
            };
            header?: {
                /** @description `respond-async`, as `async=true` */
                Prefer?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file itself (text/csv, or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), or multipart/form-data with a `file` part; at most 200 MB */
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description The import finished: its report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportDone"];
                };
            };
            /** @description The import runs: poll Location */
            202: {
                headers: {
                    /** @description Where to follow the job */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body of a type this call does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many tries: wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCatalogueImportId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The JobID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCatalogueExport: {
        parameters: {
            query?: {
                /** @description Only rows updated at or after this ISO 8601 time */
                updatedSince?: string;
                /** @description `csv` (default) or `xlsx` */
                format?: "csv" | "xlsx";
                /** @description Text the items must contain */
                filter?: string;
                /** @description Only this store */
                storeId?: number;
                /** @description Only this store database */
                dbId?: number;
                /** @description Only this section */
                sectionId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (CSV, or XLSX with format=xlsx) */
            200: {
                headers: {
                    /** @description The file name to save as */
                    "Content-Disposition": string;
                    /** @description Rows in the whole filtered list */
                    "X-Total-Count": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFeedStock: {
        parameters: {
            query?: never;
            header: {
                /** @description Required: a new value per feed, the same when retrying it */
                "Idempotency-Key": string;
                /** @description The feed key, when not sent as a bearer token */
                "X-Api-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Lines: ({
                        ItemID?: number;
                        StoreID?: number;
                        ProductCode?: string;
                        Availability?: number;
                        UnitPrice?: number;
                        Discount?: number;
                        FlatDiscount?: number;
                        Gst?: number;
                        Confirm?: boolean;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description What the feed did (a retry answers the same) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedAnswer"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedClientReadAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The feed clients */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedClient"][];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFeedClientCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Name: string;
                    Stores: number[];
                    ExpiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description The feed client and its key, shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewFeedClient"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the data as it is (stock, a reference, a state) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFeedClientRevokeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description id: a positive whole number */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked feed client */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedClient"];
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a bad or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such row (or not the caller’s) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process runs */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        Status: "ok";
                        UptimeSeconds: number;
                    };
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    /** @description Caching rules */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        Ready: boolean;
                        /** @enum {string} */
                        Database: "up" | "down";
                        /** @enum {string} */
                        Migrations: "current" | "pending" | "unknown";
                        Pending: string[];
                        Message: string;
                    };
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Bad input: `ModelState` names each field and its rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account may not make this call */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over this call’s limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Busy, or the database cannot be reached just now: try again after `Retry-After` seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
