import { z } from 'zod';

/** Everyone's role in an account (spec section 6): one owner, any number of admins and members. */
export const ROLES = ['owner', 'admin', 'member'] as const;
/** The roles an invitation or a role change may give; ownership moves only by transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;

export const roleSchema = z.enum(ROLES);
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Role must be admin or member' });

/** A role in an account. */
export type Role = z.infer<typeof roleSchema>;
/** A role that can be given by invitation or role change. */
export type AssignableRole = z.infer<typeof assignableRoleSchema>;
