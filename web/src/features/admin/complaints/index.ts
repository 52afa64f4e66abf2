/** The complaint queue pages' public entry. */
export { AdminComplaintsPage } from './complaints-page.tsx';
export { AdminComplaintDetailPage } from './complaint-detail-page.tsx';
