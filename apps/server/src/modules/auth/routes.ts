import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuthResponseSchema,
  adminMeResponseSchema,
  authResponseSchema,
  loginBodySchema,
  meResponseSchema,
  messageResponseSchema,
  sessionResponseSchema,
  passwordResetBodySchema,
  passwordResetVerifyBodySchema,
  registerBodySchema,
  verifyEmailBodySchema,
} from '@lanyard/shared/auth';
import { okSchema } from '@lanyard/shared/common';
import { errors } from '../../errors';
import { revokeSession } from './sessions';
import * as service from './service';
import {
  REGISTER_LIMIT,
  RESEND_VERIFICATION_LIMIT,
  RESET_CODE_LIMIT,
  RESET_REQUEST_LIMIT,
  SIGN_IN_LIMIT,
  VERIFY_LINK_LIMIT,
} from './limits';
import { clientIp } from '../../lib/client-ip';

// No body at all is fine too (Fastify gives null for it): `curl -X POST` with a bearer token.
const emptyBody = z.object({}).strict().nullish();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    config: app.config,
    ip: clientIp(request),
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: REGISTER_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Create an applicant account and sign in',
        body: registerBodySchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await service.register(ctx(request), request.body);
      app.setSessionCookie(reply, token);
      return reply.status(201).send({ access_token: token, user });
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: SIGN_IN_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await service.login(ctx(request), request.body, { adminOnly: false });
      // A new session at every login: a cookie planted before sign-in is never promoted.
      if (request.user) await revokeSession(app.db, request.user.sessionId);
      app.setSessionCookie(reply, token);
      return { access_token: token, user };
    },
  );

  app.post(
    '/admin/login',
    {
      config: { access: 'public', rateLimit: SIGN_IN_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Sign in to the admin area (admins, volunteers, reviewers, sponsors)',
        body: loginBodySchema,
        response: { 200: adminAuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await service.login(ctx(request), request.body, { adminOnly: true });
      if (request.user) await revokeSession(app.db, request.user.sessionId);
      app.setSessionCookie(reply, token);
      return { access_token: token, admin: user };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: "Get the signed-in user's account",
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      return { user: await service.toPublicUser(app.db, request.user!) };
    },
  );

  // The web app's "who is signed in?": a signed-out visitor is an answer, not a failed request, so
  // the landing page logs no error in the browser console.
  app.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Find out who is signed in, if anyone',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({
      user: request.user ? await service.toPublicUser(app.db, request.user) : null,
    }),
  );

  app.get(
    '/admin/me',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: "Get the signed-in admin or volunteer's account",
        response: { 200: adminMeResponseSchema },
      },
    },
    async (request) => ({ admin: await service.toPublicUser(app.db, request.user!) }),
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Sign out and end this session',
        body: emptyBody,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      if (request.user) await revokeSession(app.db, request.user.sessionId);
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/password-reset',
    {
      config: { access: 'public', rateLimit: RESET_REQUEST_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Ask for a password reset code by email',
        body: passwordResetBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.requestPasswordReset(ctx(request), request.body.email);
      return { message: service.RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/password-reset/verify',
    {
      config: { access: 'public', rateLimit: RESET_CODE_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Set a new password with an emailed reset code',
        body: passwordResetVerifyBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await service.completePasswordReset(ctx(request), request.body);
      // Every session of the account was revoked, this browser's included.
      app.clearSessionCookie(reply);
      return { message: 'Your password has been changed. Please sign in with your new password.' };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { access: 'public', rateLimit: VERIFY_LINK_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: "Verify an email address with the mailed link's token",
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.verifyEmail(ctx(request), request.body.token);
      return { message: 'Your email is verified.' };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      config: { access: 'user', rateLimit: RESEND_VERIFICATION_LIMIT },
      schema: {
        tags: ['Accounts and sign-in'],
        summary: 'Send a new email verification link',
        body: emptyBody,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) throw errors.unauthorized();
      await service.resendVerification(ctx(request), request.user);
      return { message: 'We sent you a new verification link.' };
    },
  );
};
