/** Parts of the feature loaded only when shown: the name prompt comes in its own chunk, and only that. */
export const loadNamePrompt = () => import('./components/name-prompt').then((m) => ({ default: m.NamePrompt }));
