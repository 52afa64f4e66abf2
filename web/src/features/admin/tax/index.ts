/** The tax and invoice settings page's public entry. */
export { TaxSettingsPage } from './tax-settings-page.tsx';
