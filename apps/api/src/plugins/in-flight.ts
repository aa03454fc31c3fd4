import type { IncomingMessage } from "node:http";
import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import fp from "fastify-plugin";

type InFlight = { answered: boolean; handlers: number; done: boolean };

/**
 * A clean stop (SIGTERM): app.close() resolves once every request in flight is through, so
 * main.ts may close the database after it.
 * - A request counts from its first hook until it has its answer and its handler has returned,
 *   also when its client went away meanwhile (a phone that lost its network mid-login: the login
 *   still works on the database, and would meet a closed database).
 * - Answers sent while closing say `Connection: close`, and connections left idle are closed: a
 *   keep-alive connection would otherwise hold the server open until the shutdown grace ran out.
 * Registered before any route and hook.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  const requests = new WeakMap<IncomingMessage, InFlight>();
  let running = 0;
  let closing = false;
  const waiting: (() => void)[] = [];
  const settle = (state: InFlight | undefined) => {
    if (!state || state.done || !state.answered || state.handlers > 0) return;
    state.done = true;
    running -= 1;
    if (running === 0) for (const resolve of waiting.splice(0)) resolve();
  };

  app.addHook("onRequest", async (request) => {
    running += 1;
    requests.set(request.raw, { answered: false, handlers: 0, done: false });
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    const state = requests.get(request.raw);
    if (state) state.answered = true;
    settle(state);
    return payload;
  });
  app.addHook("onRoute", (route) => {
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = function (this: FastifyInstance, request, reply) {
      const state = requests.get(request.raw);
      if (state) state.handlers += 1;
      const returned = () => {
        if (state) state.handlers -= 1;
        settle(state);
      };
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        returned();
        throw error;
      }
      if (result instanceof Promise) return result.finally(returned);
      returned();
      return result;
    } as RouteHandlerMethod;
  });

  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onResponse", async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook("onClose", async () => {
    if (running > 0) await new Promise<void>((resolve) => waiting.push(resolve));
  });
});
