import { SITE_CONTRACTS } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { contactAdminRoutes } from './admin-routes';
import { sendContactMessage } from './send-contact-message';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(contactAdminRoutes);

  // Open to everyone; a signed-in sender's account is kept with the message.
  route(app, SITE_CONTRACTS.contact, async ({ optionalSession, body, request }) => {
    const user = (await optionalSession())?.user;
    return sendContactMessage(ctx, body, { ip: request.ip, account: user ? { id: user.id, email: user.email } : null });
  });
}
