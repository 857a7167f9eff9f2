declare module 'astro' {
  interface AstroClientDirectives {
    /** Loads the island on the first interaction with any stepper of the page (src/page-scripts/interaction-directive.ts). */
    'client:interaction'?: boolean;
  }
}

export {};
