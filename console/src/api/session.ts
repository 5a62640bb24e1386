/** Signing in and out, the password, and the tenants an operator reaches. */
import { client, ok, remember } from './client';

export const sessionCalls = {
  signIn: async (email: string, password: string) =>
    remember(await ok(client.POST('/admin/v0/session', { body: { email, password } }))),
  me: async () => remember(await ok(client.GET('/admin/v0/me'))),
  changePassword: async (currentPassword: string, newPassword: string) =>
    remember(await ok(client.POST('/admin/v0/me/password', { body: { currentPassword, newPassword } }))),
  signOut: () => ok(client.DELETE('/admin/v0/session')),
  signOutEverywhere: () => ok(client.POST('/admin/v0/session/sign-out-everywhere')),
  listTenants: () => ok(client.GET('/admin/v0/tenants')),
  /** First run: whether the instance has no operator yet, and making its first admin. */
  setupStatus: () => ok(client.GET('/admin/v0/setup')),
  setUp: async (body: {
    setupToken: string;
    tenantName: string;
    email: string;
    password: string;
    loadDemo: boolean;
  }) => remember(await ok(client.POST('/admin/v0/setup', { body }))),
};
