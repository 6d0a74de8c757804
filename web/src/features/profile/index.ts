/** The signed-in person: their profile and the menu at the foot of the sidebar. */
export { displayName, meQuery } from './api/profile';
export { NamePrompt } from './components/name-prompt';
export { ProfileForm } from './components/profile-form';
export { UserMenu } from './components/user-menu';
