export const STAFF_ROLES = ['admin', 'counsellor', 'reader'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return STAFF_ROLES.includes(value as StaffRole);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  counsellor: 'Counsellor',
  reader: 'Reader',
};

export interface RoleAction {
  role: StaffRole;
  grant: boolean;
  /** The button's words, e.g. "Grant counsellor". */
  label: string;
  /** Revocations say what happens before they are confirmed. */
  warning?: string;
}

export interface RoleTarget {
  id: string;
  roles: readonly string[];
}

/** The roles that open the admin console; reader is held beside one of them. */
const CONSOLE_ROLES: readonly string[] = ['admin', 'counsellor'];

function revokeWarning(target: RoleTarget, role: StaffRole, viewerId: string): string {
  const who = target.id === viewerId ? 'You' : 'They';
  if (role === 'reader')
    return `${who} are given no more applications to read; reads not yet sent go to other readers. Sent reads stay.`;
  const remaining = target.roles.filter((held) => CONSOLE_ROLES.includes(held) && held !== role);
  if (remaining.length === 0) {
    return `${who} lose access to the admin console as soon as you confirm. Applications and leads assigned to this account return to the pool.`;
  }
  return role === 'admin'
    ? `${who} lose the catalogue, users and roles, and the audit log, and keep counsellor access.`
    : `${who} keep the administrator role and everything it allows.`;
}

/**
 * What the users screen offers for one account: grant each role it lacks, revoke each it holds.
 * The only administrator's admin role is not offered for revocation (the database refuses it anyway).
 */
export function roleActions(target: RoleTarget, viewerId: string, adminCount: number): RoleAction[] {
  const staff = target.roles.some((held) => CONSOLE_ROLES.includes(held));
  return STAFF_ROLES.flatMap((role): RoleAction[] => {
    const held = target.roles.includes(role);
    // Readers are members of staff: the reader role is offered to administrators and counsellors.
    if (!held && role === 'reader' && !staff) return [];
    if (!held) return [{ role, grant: true, label: `Grant ${role === 'admin' ? 'administrator' : role}` }];
    if (role === 'admin' && adminCount <= 1) return [];
    return [
      {
        role,
        grant: false,
        label: `Revoke ${role === 'admin' ? 'administrator' : role}`,
        warning: revokeWarning(target, role, viewerId),
      },
    ];
  });
}
