import {
  SUCCESS,
  changePasswordMessageOrder,
  changePasswordSchema,
  forgotPasswordMessageOrder,
  forgotPasswordSchema,
  loginMessageOrder,
  loginSchema,
  registerMessageOrder,
  registerSchema,
  resetPasswordMessageOrder,
  resetPasswordSchema,
  updateProfileMessageOrder,
  updateProfileSchema,
} from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { toPublicUser } from '../../db/mappers.js';
import { parseInput } from '../../lib/errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { endSession, requireAuth, startSession } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { passwordResetMail } from './mails.js';
import { createUserService } from './service.js';

/** /api/v1/user/* (SPEC.md section 7). */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const users = createUserService(app.db, app.config);
  const authLimit = rateLimited(app.config, 'auth');

  app.post('/register', { config: authLimit }, async (request) => {
    // Only the schema's fields are read: a `role` (or anything else) in the body is ignored.
    const input = parseInput(registerSchema, registerMessageOrder, request.body);
    const user = await users.register(input);
    return { success: true, message: SUCCESS.register, user };
  });

  app.post('/login', { config: authLimit }, async (request, reply) => {
    const input = parseInput(loginSchema, loginMessageOrder, request.body);
    const user = await users.authenticate(input.email, input.password);
    await startSession(request, reply, user.id);
    return { success: true, message: SUCCESS.login, user: toPublicUser(user) };
  });

  app.get('/logout', async (request, reply) => {
    await endSession(request, reply);
    return { success: true, message: SUCCESS.logout };
  });

  app.get('/profile', { preHandler: requireAuth }, async (request) => {
    return { success: true, message: SUCCESS.profile, user: request.user };
  });

  app.post('/change-password', { preHandler: requireAuth }, async (request) => {
    const input = parseInput(changePasswordSchema, changePasswordMessageOrder, request.body);
    await users.changePassword(request.user!._id, request.sessionTokenHash!, input);
    return { success: true, message: SUCCESS.changePassword };
  });

  app.post('/update', { preHandler: requireAuth }, async (request) => {
    const input = parseInput(updateProfileSchema, updateProfileMessageOrder, request.body);
    const user = await users.updateProfile(request.user!._id, input);
    return { success: true, message: SUCCESS.updateProfile, user };
  });

  app.post('/forgot-password', { config: authLimit }, async (request) => {
    const input = parseInput(forgotPasswordSchema, forgotPasswordMessageOrder, request.body);
    const started = await users.startPasswordReset(input.email);
    if (started) {
      const link = `${publicBaseUrl(request)}/reset-password/${started.token}`;
      app.mailer.send(passwordResetMail(started.user.email, started.user.full_name, link));
    }
    return { success: true, message: SUCCESS.forgotPassword };
  });

  app.patch<{ Params: { token: string } }>('/reset-password/:token', { config: authLimit }, async (request) => {
    const input = parseInput(resetPasswordSchema, resetPasswordMessageOrder, request.body);
    await users.resetPassword(request.params.token, input.password);
    return { success: true, message: SUCCESS.resetPassword };
  });
}
