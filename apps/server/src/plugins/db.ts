import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the opened database available to every module; whoever opened it closes it. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  app.decorate("database", opts.database);
  app.decorate("db", opts.database.db);
});
