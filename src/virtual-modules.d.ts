/** The first-paint script, bundled and minified (src/publish/client-integration.ts). */
declare module 'virtual:aisle/first-paint' {
  const code: string;
  export default code;
}

/** The cart page's script, bundled and minified (src/publish/client-integration.ts). */
declare module 'virtual:aisle/cart-page' {
  const code: string;
  export default code;
}

/** The Reports page's script asking for its first report, bundled and minified (src/publish/client-integration.ts). */
declare module 'virtual:aisle/reports-early' {
  const code: string;
  export default code;
}

/** The URL of the delivery area's module, a file apart (src/publish/client-integration.ts). */
declare module 'virtual:aisle/delivery-area-url' {
  const url: string;
  export default url;
}

/** The URL of the search box's module, a file apart (src/publish/client-integration.ts). */
declare module 'virtual:aisle/search-box-url' {
  const url: string;
  export default url;
}

/** The built cart store's URL (src/publish/client-integration.ts), for the search page's `import()`. */
declare module 'virtual:aisle/cart-store-url' {
  const url: string;
  export default url;
}
