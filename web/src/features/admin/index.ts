/**
 * The staff area's public entry: only its door, for the app's /admin route. The door loads the
 * staff pages itself once it lets an admin through, so importing this brings no staff page.
 */
export { AdminArea } from './require-admin.tsx';
