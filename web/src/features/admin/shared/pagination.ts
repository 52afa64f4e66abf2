/**
 * Staff lists page the way the catalogue does: one control, so both behave alike. Staff
 * pages import it from here, so it can move to the shared components without touching them.
 */
export { Pagination } from '../../catalog/components/pagination.tsx';
