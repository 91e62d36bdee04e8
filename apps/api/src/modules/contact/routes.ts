import { ContactFormSchema, SITE_API } from '@landunits/domain';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/app-error';
import { optionalUser } from '../auth';
import { contactAdminRoutes } from './admin-routes';
import { sendContactMessage } from './send-contact-message';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(contactAdminRoutes);

  // Open to everyone; a signed-in sender's account is kept with the message.
  app.post(SITE_API.contact, async (request, reply) => {
    const input = parseInput(ContactFormSchema, request.body ?? {});
    const user = await optionalUser(ctx, request, reply);
    return sendContactMessage(ctx, input, { ip: request.ip, account: user ? { id: user.id, email: user.email } : null });
  });
}
