/** Notifications (decision 38): the header's bell with the unread count; its list loads when opened. */
export { NotificationBell } from './components/notification-bell';
export { notificationsPages } from './lazy-pages';
export { EmailSettingsCard } from './components/email-settings-card';
