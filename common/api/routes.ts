// Written by `npm run api:routes` (server/api/generate-routes.ts); do not edit.
// Each endpoint's method and path, all the web's client sends: importing them leaves the schemas out (decision 43).
import type { EndpointRoute } from './client';
import type * as accounts from './accounts';
import type * as aiSearch from './ai-search';
import type * as apiTokens from './api-tokens';
import type * as avatars from './avatars';
import type * as collaboration from './collaboration';
import type * as collections from './collections';
import type * as discussion from './discussion';
import type * as events from './events';
import type * as files from './files';
import type * as invitations from './invitations';
import type * as knowledgeHistory from './knowledge-history';
import type * as knowledgePdfs from './knowledge-pdfs';
import type * as knowledge from './knowledge';
import type * as loginSessions from './login-sessions';
import type * as me from './me';
import type * as signIn from './sign-in';
import type * as stars from './stars';
import type * as system from './system';
import type * as transfer from './transfer';
import type * as twoFactor from './two-factor';
import type * as users from './users';

export const createAccount = { method: 'post', path: '/api/accounts' } as EndpointRoute<typeof accounts.createAccount>;
export const deleteAccount = { method: 'delete', path: '/api/accounts/{accountId}' } as EndpointRoute<
  typeof accounts.deleteAccount
>;
export const getAccount = { method: 'get', path: '/api/accounts/{accountId}' } as EndpointRoute<
  typeof accounts.getAccount
>;
export const getAccountStats = { method: 'get', path: '/api/accounts/{accountId}/stats' } as EndpointRoute<
  typeof accounts.getAccountStats
>;
export const listAccounts = { method: 'get', path: '/api/accounts' } as EndpointRoute<typeof accounts.listAccounts>;
export const renameAccount = { method: 'patch', path: '/api/accounts/{accountId}' } as EndpointRoute<
  typeof accounts.renameAccount
>;
export const aiKnowledgeSearch = { method: 'post', path: '/api/aiKnowledgeSearch' } as EndpointRoute<
  typeof aiSearch.aiKnowledgeSearch
>;
export const listExampleQuestions = {
  method: 'get',
  path: '/api/accounts/{accountId}/example-questions',
} as EndpointRoute<typeof aiSearch.listExampleQuestions>;
export const createApiToken = { method: 'post', path: '/api/me/api-tokens' } as EndpointRoute<
  typeof apiTokens.createApiToken
>;
export const listApiTokens = { method: 'get', path: '/api/me/api-tokens' } as EndpointRoute<
  typeof apiTokens.listApiTokens
>;
export const revokeApiToken = { method: 'delete', path: '/api/me/api-tokens/{tokenId}' } as EndpointRoute<
  typeof apiTokens.revokeApiToken
>;
export const getAvatarImage = { method: 'get', path: '/api/avatarImage' } as EndpointRoute<
  typeof avatars.getAvatarImage
>;
export const getUserAvatar = { method: 'get', path: '/api/users/{userId}/avatar' } as EndpointRoute<
  typeof avatars.getUserAvatar
>;
export const removeAvatar = { method: 'delete', path: '/api/me/avatar' } as EndpointRoute<typeof avatars.removeAvatar>;
export const uploadAvatar = { method: 'post', path: '/api/me/avatar' } as EndpointRoute<typeof avatars.uploadAvatar>;
export const openCollaboration = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/collaboration',
} as EndpointRoute<typeof collaboration.openCollaboration>;
export const collectionTreeLevel = {
  method: 'get',
  path: '/api/accounts/{accountId}/collections/{collectionId}/tree',
} as EndpointRoute<typeof collections.collectionTreeLevel>;
export const createCollection = { method: 'post', path: '/api/accounts/{accountId}/collections' } as EndpointRoute<
  typeof collections.createCollection
>;
export const deleteCollection = {
  method: 'delete',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
} as EndpointRoute<typeof collections.deleteCollection>;
export const getCollection = {
  method: 'get',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
} as EndpointRoute<typeof collections.getCollection>;
export const listCollections = { method: 'get', path: '/api/accounts/{accountId}/collections' } as EndpointRoute<
  typeof collections.listCollections
>;
export const moveKnowledge = {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/move',
} as EndpointRoute<typeof collections.moveKnowledge>;
export const reorderCollections = {
  method: 'put',
  path: '/api/accounts/{accountId}/collections/order',
} as EndpointRoute<typeof collections.reorderCollections>;
export const updateCollection = {
  method: 'patch',
  path: '/api/accounts/{accountId}/collections/{collectionId}',
} as EndpointRoute<typeof collections.updateCollection>;
export const deleteComment = {
  method: 'delete',
  path: '/api/accounts/{accountId}/comments/{commentId}',
} as EndpointRoute<typeof discussion.deleteComment>;
export const editComment = { method: 'patch', path: '/api/accounts/{accountId}/comments/{commentId}' } as EndpointRoute<
  typeof discussion.editComment
>;
export const getDiscussion = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/comments',
} as EndpointRoute<typeof discussion.getDiscussion>;
export const getNotificationSettings = { method: 'get', path: '/api/me/notification-settings' } as EndpointRoute<
  typeof discussion.getNotificationSettings
>;
export const listMentionable = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/mentionable',
} as EndpointRoute<typeof discussion.listMentionable>;
export const listNotifications = { method: 'get', path: '/api/accounts/{accountId}/notifications' } as EndpointRoute<
  typeof discussion.listNotifications
>;
export const readAllNotifications = {
  method: 'post',
  path: '/api/accounts/{accountId}/notifications/read-all',
} as EndpointRoute<typeof discussion.readAllNotifications>;
export const readNotification = {
  method: 'post',
  path: '/api/accounts/{accountId}/notifications/{notificationId}/read',
} as EndpointRoute<typeof discussion.readNotification>;
export const replyToThread = {
  method: 'post',
  path: '/api/accounts/{accountId}/comment-threads/{threadId}/comments',
} as EndpointRoute<typeof discussion.replyToThread>;
export const setThreadState = {
  method: 'patch',
  path: '/api/accounts/{accountId}/comment-threads/{threadId}',
} as EndpointRoute<typeof discussion.setThreadState>;
export const startThread = {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/comments',
} as EndpointRoute<typeof discussion.startThread>;
export const unsubscribe = { method: 'post', path: '/api/unsubscribe' } as EndpointRoute<typeof discussion.unsubscribe>;
export const updateNotificationSettings = { method: 'patch', path: '/api/me/notification-settings' } as EndpointRoute<
  typeof discussion.updateNotificationSettings
>;
export const watchKnowledge = {
  method: 'put',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/watch',
} as EndpointRoute<typeof discussion.watchKnowledge>;
export const streamEvents = { method: 'get', path: '/api/events' } as EndpointRoute<typeof events.streamEvents>;
export const getSecureImage = { method: 'get', path: '/api/secureImage' } as EndpointRoute<typeof files.getSecureImage>;
export const acceptInvitation = { method: 'post', path: '/api/acceptInvitation' } as EndpointRoute<
  typeof invitations.acceptInvitation
>;
export const declineInvitation = { method: 'post', path: '/api/declineInvitation' } as EndpointRoute<
  typeof invitations.declineInvitation
>;
export const listMyInvitations = { method: 'get', path: '/api/invitations' } as EndpointRoute<
  typeof invitations.listMyInvitations
>;
export const getRevision = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions/{version}',
} as EndpointRoute<typeof knowledgeHistory.getRevision>;
export const listRevisions = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions',
} as EndpointRoute<typeof knowledgeHistory.listRevisions>;
export const nameCurrentVersion = {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions',
} as EndpointRoute<typeof knowledgeHistory.nameCurrentVersion>;
export const restoreRevision = {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}/revisions/{version}/restore',
} as EndpointRoute<typeof knowledgeHistory.restoreRevision>;
export const linkKnowledgePdf = { method: 'post', path: '/api/linkKnowledgePdf' } as EndpointRoute<
  typeof knowledgePdfs.linkKnowledgePdf
>;
export const uploadKnowledgePdf = { method: 'post', path: '/api/accounts/{accountId}/knowledge-pdfs' } as EndpointRoute<
  typeof knowledgePdfs.uploadKnowledgePdf
>;
export const countKnowledge = { method: 'get', path: '/api/accounts/{accountId}/knowledge/count' } as EndpointRoute<
  typeof knowledge.countKnowledge
>;
export const createKnowledge = { method: 'post', path: '/api/accounts/{accountId}/knowledge' } as EndpointRoute<
  typeof knowledge.createKnowledge
>;
export const deleteKnowledge = {
  method: 'delete',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
} as EndpointRoute<typeof knowledge.deleteKnowledge>;
export const getKnowledge = {
  method: 'get',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
} as EndpointRoute<typeof knowledge.getKnowledge>;
export const listKnowledge = { method: 'get', path: '/api/accounts/{accountId}/knowledge' } as EndpointRoute<
  typeof knowledge.listKnowledge
>;
export const listKnowledgeTags = { method: 'get', path: '/api/accounts/{accountId}/knowledge/tags' } as EndpointRoute<
  typeof knowledge.listKnowledgeTags
>;
export const updateKnowledge = {
  method: 'patch',
  path: '/api/accounts/{accountId}/knowledge/{knowledgeId}',
} as EndpointRoute<typeof knowledge.updateKnowledge>;
export const uploadKnowledgeImage = {
  method: 'post',
  path: '/api/accounts/{accountId}/knowledge-images',
} as EndpointRoute<typeof knowledge.uploadKnowledgeImage>;
export const weeklyKnowledge = { method: 'get', path: '/api/accounts/{accountId}/knowledge/weekly' } as EndpointRoute<
  typeof knowledge.weeklyKnowledge
>;
export const createLoginSession = { method: 'post', path: '/api/loginSession' } as EndpointRoute<
  typeof loginSessions.createLoginSession
>;
export const deactivateLoginSession = { method: 'patch', path: '/api/loginSession' } as EndpointRoute<
  typeof loginSessions.deactivateLoginSession
>;
export const endSession = { method: 'delete', path: '/api/sessions/{sessionId}' } as EndpointRoute<
  typeof loginSessions.endSession
>;
export const listSessions = { method: 'get', path: '/api/sessions' } as EndpointRoute<
  typeof loginSessions.listSessions
>;
export const sessionActivity = { method: 'post', path: '/api/sessionActivity' } as EndpointRoute<
  typeof loginSessions.sessionActivity
>;
export const sessionPulse = { method: 'post', path: '/api/sessionPulse' } as EndpointRoute<
  typeof loginSessions.sessionPulse
>;
export const setPersistentTokenCookie = { method: 'post', path: '/api/setPersistentTokenCookie' } as EndpointRoute<
  typeof loginSessions.setPersistentTokenCookie
>;
export const signOutOtherSessions = { method: 'post', path: '/api/sessions/sign-out-others' } as EndpointRoute<
  typeof loginSessions.signOutOtherSessions
>;
export const validateLoginSession = { method: 'get', path: '/api/loginSession' } as EndpointRoute<
  typeof loginSessions.validateLoginSession
>;
export const getMe = { method: 'get', path: '/api/me' } as EndpointRoute<typeof me.getMe>;
export const skipNamePrompt = { method: 'post', path: '/api/me/name-prompt/skip' } as EndpointRoute<
  typeof me.skipNamePrompt
>;
export const updateProfile = { method: 'patch', path: '/api/me/profile' } as EndpointRoute<typeof me.updateProfile>;
export const getSignInOptions = { method: 'get', path: '/api/sign-in-options' } as EndpointRoute<
  typeof signIn.getSignInOptions
>;
export const redeemLoginLink = { method: 'post', path: '/api/redeemLoginLink' } as EndpointRoute<
  typeof signIn.redeemLoginLink
>;
export const listStars = { method: 'get', path: '/api/accounts/{accountId}/stars' } as EndpointRoute<
  typeof stars.listStars
>;
export const starKnowledge = { method: 'post', path: '/api/accounts/{accountId}/stars' } as EndpointRoute<
  typeof stars.starKnowledge
>;
export const unstarKnowledge = {
  method: 'delete',
  path: '/api/accounts/{accountId}/stars/{knowledgeId}',
} as EndpointRoute<typeof stars.unstarKnowledge>;
export const updateStarPositions = { method: 'post', path: '/api/updateStarPositions' } as EndpointRoute<
  typeof stars.updateStarPositions
>;
export const getHealth = { method: 'get', path: '/api/health' } as EndpointRoute<typeof system.getHealth>;
export const exportWorkspace = { method: 'get', path: '/api/accounts/{accountId}/export' } as EndpointRoute<
  typeof transfer.exportWorkspace
>;
export const importKnowledge = { method: 'post', path: '/api/accounts/{accountId}/imports' } as EndpointRoute<
  typeof transfer.importKnowledge
>;
export const confirmEnrollment = { method: 'post', path: '/api/me/two-factor/enroll/confirm' } as EndpointRoute<
  typeof twoFactor.confirmEnrollment
>;
export const enrollFactor = { method: 'post', path: '/api/me/two-factor/enroll' } as EndpointRoute<
  typeof twoFactor.enrollFactor
>;
export const getTwoFactorStatus = { method: 'get', path: '/api/me/two-factor' } as EndpointRoute<
  typeof twoFactor.getTwoFactorStatus
>;
export const removeFactor = { method: 'delete', path: '/api/me/two-factor/{factorId}' } as EndpointRoute<
  typeof twoFactor.removeFactor
>;
export const verifySecondFactor = { method: 'post', path: '/api/me/two-factor/verify' } as EndpointRoute<
  typeof twoFactor.verifySecondFactor
>;
export const cancelInvite = { method: 'delete', path: '/api/cancelInvite' } as EndpointRoute<typeof users.cancelInvite>;
export const getAccountUsers = { method: 'get', path: '/api/getAccountUsers' } as EndpointRoute<
  typeof users.getAccountUsers
>;
export const inviteUser = { method: 'post', path: '/api/inviteUser' } as EndpointRoute<typeof users.inviteUser>;
export const removeUser = { method: 'delete', path: '/api/removeUser' } as EndpointRoute<typeof users.removeUser>;
export const transferOwnership = { method: 'put', path: '/api/transferOwnership' } as EndpointRoute<
  typeof users.transferOwnership
>;
export const updateUserRole = { method: 'put', path: '/api/updateUserRole' } as EndpointRoute<
  typeof users.updateUserRole
>;
