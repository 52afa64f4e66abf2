/** The staff dashboard's public entry. */
export { DashboardPage } from './dashboard-page.tsx';
