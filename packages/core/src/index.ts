export * from './money.ts';
export * from './store-settings.ts';
export * from './catalog-filters.ts';
export * from './pagination.ts';
export * from './contract/envelope.ts';
export * from './contract/primitives.ts';
export * from './contract/catalog.ts';
