/** The staff home page content's public entry. */
export { AdminHomePage } from './admin-home-page.tsx';
