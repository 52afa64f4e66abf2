/** The returns page's public entry. */
export { AdminReturnsPage } from './returns-page.tsx';
export { ReturnRateByReason } from './return-stats.tsx';
