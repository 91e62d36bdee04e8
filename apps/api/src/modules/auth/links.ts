import type { AppContext } from '../../platform/context';

export const links = (ctx: Pick<AppContext, 'config'>) => ({
  confirm: (token: string) => `${ctx.config.publicUrl}/account/confirm?token=${token}`,
  reset: (token: string) => `${ctx.config.publicUrl}/login/reset?token=${token}`,
  invitation: (token: string) => `${ctx.config.publicUrl}/account/admin-invitation?token=${token}`,
  login: () => `${ctx.config.publicUrl}/login`,
  forgot: () => `${ctx.config.publicUrl}/login-forgot`,
  security: () => `${ctx.config.publicUrl}/dashboard/settings/security`,
  notMe: (token: string) => `${ctx.config.publicUrl}/account/not-me?token=${token}`,
});
