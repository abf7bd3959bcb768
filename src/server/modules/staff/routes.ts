/**
 * Staff routes (docs/architecture.md#staff-and-roles):
 * - admin (permission staff.manage, in the admin scope of setup/api.ts): GET /api/admin/staff,
 *   POST /api/admin/staff/invitations, DELETE /api/admin/staff/invitations/{id},
 *   PATCH and DELETE /api/admin/staff/{id};
 * - public: GET /api/staff-invitations/{token} and POST /api/staff-invitations/{token}/accept
 *   (the auth routes' rate limit per address: accepting with an existing account checks its password).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, messageSchema } from '../../../core/schemas/answers';
import { idParams } from '../../../core/schemas/common';
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  invitationPreviewSchema,
  invitationTokenParams,
  staffInvitationInputSchema,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
} from '../../../core/schemas/staff';
import { badRequest } from '../../errors';
import { pageUrl } from '../../plugins/ssr';
import { auditActor } from '../audit/record';
import {
  acceptInvitation,
  changeRole,
  inviteStaff,
  listStaff,
  previewInvitation,
  removeStaff,
  revokeInvitation,
  type StaffDeps,
} from './service';

const staffDeps = (app: Parameters<FastifyPluginAsyncZod>[0]): StaffDeps => ({
  db: app.db,
  mailQueue: app.mailQueue,
  now: app.authDeps.now,
  log: app.log,
});

/** Registers the owner's staff calls (inside the admin scope). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = staffDeps(app);
  const config = { permission: 'staff.manage' } as const;
  const memberId = idParams('Staff member not found');

  app.get('/api/admin/staff', { config, schema: { response: answers({ 200: staffListSchema }) } }, async () =>
    listStaff(deps.db, deps.now()),
  );
  app.post(
    '/api/admin/staff/invitations',
    { config, schema: { body: staffInvitationInputSchema, response: answers({ 201: staffInvitationSchema }) } },
    async (req, reply) => {
      // PUBLIC_URL when set: the Host header is the client's to write (docs/architecture.md#configuration).
      const origin = app.config.publicUrl ?? pageUrl(req)?.origin;
      if (!origin) throw badRequest('The request has no valid Host header');
      return reply.status(201).send(await inviteStaff(deps, auditActor(req), req.body, origin));
    },
  );
  app.delete(
    '/api/admin/staff/invitations/:id',
    { config, schema: { params: idParams('Pending invitation not found'), response: answers({ 200: messageSchema }) } },
    async (req) => revokeInvitation(deps, auditActor(req), req.params.id),
  );
  app.patch(
    '/api/admin/staff/:id',
    { config, schema: { params: memberId, body: staffRoleChangeSchema, response: answers({ 200: staffMemberSchema }) } },
    async (req) => changeRole(deps, auditActor(req), req.params.id, req.body.role),
  );
  app.delete('/api/admin/staff/:id', { config, schema: { params: memberId, response: answers({ 200: messageSchema }) } }, async (req) =>
    removeStaff(deps, auditActor(req), req.params.id),
  );
};

/** Registers the invitee's calls: see the invitation, accept it. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = staffDeps(app);
  app.get(
    '/api/staff-invitations/:token',
    { config: { ...app.authRateLimit }, schema: { params: invitationTokenParams, response: answers({ 200: invitationPreviewSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return previewInvitation(deps, req.params.token);
    },
  );
  app.post(
    '/api/staff-invitations/:token/accept',
    {
      config: { ...app.authRateLimit },
      schema: { params: invitationTokenParams, body: acceptInvitationSchema, response: answers({ 200: acceptedInvitationSchema }) },
    },
    async (req) => acceptInvitation(deps, req.params.token, req.body, req.ip, (user) => app.signToken(user, req, 'invitation')),
  );
};
