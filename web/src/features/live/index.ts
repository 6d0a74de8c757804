/** Live refresh: one stream of changes per signed-in tab, the queries it refreshes, and the connection state (decision 19). */
export { ConnectionIndicator } from './components/connection-indicator';
export { LiveUpdates } from './components/live-updates';
export { OfflineNotice, useOffline } from './components/offline-notice';
export { useConnectionState, type ConnectionState } from './lib/connection-state';
