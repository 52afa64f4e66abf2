/** The staff frame's public entry. */
export { AdminLayout } from './admin-layout.tsx';
