/** What the app composes of the seller page, complaints and data rights: the profile's "Your data" view. */
export { DataRights } from './components/data-rights.tsx';
