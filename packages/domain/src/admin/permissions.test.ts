import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, ADMIN_ROLES, hasPermission, isAdminRole, ROLE_PERMISSIONS } from './permissions';

describe('admin roles', () => {
  it('gives OWNER every permission and each other role only its job (PRODUCT-DECISIONS §12)', () => {
    for (const permission of ADMIN_PERMISSIONS) expect(hasPermission('OWNER', permission)).toBe(true);
    expect(hasPermission('FINANCE', 'orders.decide')).toBe(true);
    expect(hasPermission('FINANCE', 'settings.money')).toBe(true);
    expect(hasPermission('FINANCE', 'settings.payment')).toBe(true);
    expect(hasPermission('COMPLIANCE', 'settings.payment')).toBe(false);
    expect(hasPermission('SUPPORT', 'settings.payment')).toBe(false);
    expect(hasPermission('FINANCE', 'codes.manage')).toBe(true);
    expect(hasPermission('FINANCE', 'audit.read')).toBe(false);
    expect(hasPermission('SUPPORT', 'orders.decide')).toBe(false);
    expect(hasPermission('SUPPORT', 'codes.manage')).toBe(false);
    expect(hasPermission('SUPPORT', 'settings.money')).toBe(false);
    expect(hasPermission('SUPPORT', 'chat.answer')).toBe(true);
    expect(hasPermission('COMPLIANCE', 'verifications.review')).toBe(true);
    expect(hasPermission('COMPLIANCE', 'orders.decide')).toBe(false);
    expect(hasPermission('SUPPORT', 'subscribers.read')).toBe(true);
    expect(hasPermission('FINANCE', 'subscribers.read')).toBe(false);
    expect(hasPermission('COMPLIANCE', 'subscribers.read')).toBe(false);
    for (const role of ADMIN_ROLES) expect(hasPermission(role, 'home.read')).toBe(true);
    expect(hasPermission('COMPLIANCE', 'users.manage')).toBe(true);
    expect(hasPermission('SUPPORT', 'users.read')).toBe(true);
    expect(hasPermission('SUPPORT', 'users.manage')).toBe(false);
    expect(hasPermission('FINANCE', 'users.manage')).toBe(false);
    expect(hasPermission(null, 'orders.read')).toBe(false);
    expect(hasPermission(undefined, 'orders.read')).toBe(false);
  });

  it('lists only known permissions per role, and knows its roles', () => {
    for (const role of ADMIN_ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(ADMIN_PERMISSIONS).toContain(p);
    expect(isAdminRole('FINANCE')).toBe(true);
    expect(isAdminRole('ADMIN')).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
});
