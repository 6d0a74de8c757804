/** Where this browser keeps its login session id (spec section 3): app_session_id, suffixed with the user id. */
export const loginSessionKey = (userId: string) => `app_session_id_${userId}`;
