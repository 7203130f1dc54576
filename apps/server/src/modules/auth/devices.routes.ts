import { device, deviceParams, envelope, MSG, staffDeviceParams, staffDevicesParams } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { forbidden } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiDevice } from "./devices.mapper.ts";
import * as service from "./devices.service.ts";

const devices = envelope(z.array(device));

/** 'Mes appareils' for every signed-in account (decision 039). */
export const myDevicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", app.authenticate);

  app.get(
    "/my-devices",
    {
      schema: {
        tags: ["auth"],
        description: "Every open session of my account, the last used first; `current` is this one.",
        response: { 200: devices },
      },
    },
    async (request) =>
      ok(
        (await service.openSessionsOf(app.db, request.user!.id)).map((row) => toApiDevice(row, request.sessionId)),
        MSG.devicesListed,
      ),
  );

  app.post(
    "/my-devices/:id/end",
    {
      schema: {
        tags: ["auth"],
        description: "Signs one of my sessions out (this one too: the cookie then goes).",
        params: deviceParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await service.endOwnSession(app.db, request.user!.id, request.params.id);
      if (request.params.id === request.sessionId) await app.endSessions(request, reply);
      return ok(null, MSG.deviceEnded);
    },
  );

  app.post(
    "/my-devices/end-others",
    {
      schema: {
        tags: ["auth"],
        description: "Signs out every session of my account but this one; answers how many.",
        response: { 200: envelope(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) =>
      ok({ ended: await service.endOtherSessions(app.db, request.user!.id, request.sessionId) }, MSG.devicesEnded),
  );
};

/** A SUPERADMIN sees and ends any admin's sessions (decision 039), each end in the audit log. */
export const staffDevicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  app.addHook("preHandler", async (request) => {
    if (request.user?.role !== "SUPERADMIN") throw forbidden(MSG.devicesStaffOnly);
  });

  app.get(
    "/admin/users/:userId/devices",
    { schema: { tags: ["users"], params: staffDevicesParams, response: { 200: devices } } },
    async (request) =>
      ok(
        (await service.staffSessionsOf(app.db, request.params.userId)).map((row) =>
          toApiDevice(row, request.sessionId),
        ),
        MSG.devicesListed,
      ),
  );

  app.post(
    "/admin/users/:userId/devices/:id/end",
    { schema: { tags: ["users"], params: staffDeviceParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.endStaffSessions(app.db, staffOf(request), request.params.userId, request.params.id);
      return ok(null, MSG.deviceEnded);
    },
  );

  app.post(
    "/admin/users/:userId/devices/end-all",
    {
      schema: {
        tags: ["users"],
        description: "Signs the admin out everywhere; answers how many sessions ended.",
        params: staffDevicesParams,
        response: { 200: envelope(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        { ended: await service.endStaffSessions(app.db, staffOf(request), request.params.userId, null) },
        MSG.staffDevicesEnded,
      ),
  );
};
