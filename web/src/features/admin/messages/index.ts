/** The outbox pages' public entry. */
export { AdminMessagesPage } from './messages-page.tsx';
export { AdminMessageDetailPage } from './message-detail-page.tsx';
