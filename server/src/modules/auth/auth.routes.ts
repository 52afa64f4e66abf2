import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  resetPasswordBody,
  verifyEmailBody,
  authProvidersResponse,
  loginBody,
  loginResponse,
  messageResponse,
  profileUpdateBody,
  signupBody,
  userResponse,
  verifyEmailResponse,
} from '@shop/core';
import { signedInUser } from '../../plugins/authenticate.ts';
import * as auth from './auth.service.ts';
import type { TokenService } from './tokens.ts';
import { apiDoc } from '../../lib/api-doc.ts';

export interface AuthRoutesOptions {
  tokens: TokenService;
  guards: auth.AccountGuards;
  /** What the sign-in page says about "Sign in with Google". */
  providers: { google: { enabled: boolean; development: boolean } };
}

const authRoutesPlugin: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { tokens, guards, providers }) => {
  const { db } = app;
  const signedIn = { onRequest: [app.authenticate] };

  app.post(
    '/signup',
    {
      schema: {
        ...apiDoc('signUp', 'Create a shopper account', 409, 429),
        tags: ['auth'],
        body: signupBody,
        response: { 201: userResponse },
      },
    },
    async (request, reply) => {
      const user = await auth.signup(db, guards, request.ip, request.body);
      return reply.status(201).send({ success: true as const, message: 'Signup Successful', data: user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        ...apiDoc('signIn', 'Sign in with email and password', 401, 429),
        tags: ['auth'],
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    async ({ ip, body }) => ({
      success: true as const,
      message: 'Login Successful',
      data: await auth.login(db, tokens, guards, ip, body.email, body.password),
    }),
  );

  app.get(
    '/profile',
    {
      ...signedIn,
      schema: { ...apiDoc('getProfile', 'The signed-in shopper'), tags: ['auth'], response: { 200: userResponse } },
    },
    async (request) => ({ success: true as const, data: await auth.getUser(db, signedInUser(request).id) }),
  );

  app.patch(
    '/profile',
    {
      ...signedIn,
      schema: {
        ...apiDoc('updateProfile', 'Change the phone number and addresses'),
        tags: ['auth'],
        body: profileUpdateBody,
        response: { 200: userResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Profile updated successfully!',
      data: await auth.updateProfile(db, signedInUser(request), request.body),
    }),
  );

  app.post(
    '/logout',
    {
      ...signedIn,
      schema: {
        ...apiDoc('signOut', 'Sign out everywhere: every token of the account stops working'),
        tags: ['auth'],
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await auth.logout(db, signedInUser(request).id);
      return { success: true as const, message: 'Logged out', data: null };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        ...apiDoc('requestPasswordReset', 'Email a password-reset link, if the account exists', 429),
        tags: ['auth'],
        body: forgotPasswordBody,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(db, guards, request.ip, request.body.email);
      return reply.status(202).send({
        success: true as const,
        message: "If an account exists for that email, we've sent a link to reset the password.",
        data: null,
      });
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        ...apiDoc('resetPassword', 'Set a new password with an emailed link, and sign in'),
        tags: ['auth'],
        body: resetPasswordBody,
        response: { 200: loginResponse },
      },
    },
    async ({ ip, body }) => ({
      success: true as const,
      message: 'Your password has been changed.',
      data: await auth.resetPassword(db, tokens, guards, ip, body),
    }),
  );

  app.post(
    '/verify-email',
    {
      schema: {
        ...apiDoc('verifyEmail', 'Prove the email address with an emailed link'),
        tags: ['auth'],
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse },
      },
    },
    async ({ body }) => ({
      success: true as const,
      message: 'Your email address is verified.',
      data: await auth.verifyEmail(db, body.token),
    }),
  );

  app.post(
    '/verification-email',
    {
      ...signedIn,
      schema: {
        ...apiDoc('sendVerificationEmail', 'Email a new verification link', 409, 429),
        tags: ['auth'],
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      await auth.sendVerificationEmail(db, guards, signedInUser(request).id);
      return reply.status(202).send({
        success: true as const,
        message: 'We have sent a new link to your email address.',
        data: null,
      });
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        ...apiDoc('listSignInProviders', 'The ways to sign in this shop offers'),
        tags: ['auth'],
        response: { 200: authProvidersResponse },
      },
    },
    async () => ({
      success: true as const,
      data: providers,
    }),
  );
};

export const authRoutes = fp(authRoutesPlugin, {
  name: 'auth-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
