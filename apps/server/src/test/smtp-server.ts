/**
 * A local SMTP server for the tests (smtp-server, from nodemailer's authors), started by the
 * test itself: it accepts every message over plain SMTP on 127.0.0.1 and keeps it parsed
 * (mailparser), for the test to read. TEST-ONLY: it trusts every sender and must never face
 * the internet.
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message to `to` (already received or still to come). */
  next(to: string, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail = {
            to: to ?? "",
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          };
          received.push(mail);
          for (const w of waiting.filter((w) => mail.to.includes(w.to))) w.resolve(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    next(to, ms = 5000) {
      const already = received.find((m) => m.to.includes(to));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no e-mail to ${to} within ${ms} ms`)), ms);
        waiting.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node apps/server/src/test/smtp-server.ts <smtpPort> <httpPort>`: for the browser tests
// (playwright.config.ts starts it beside the shop). `GET /messages?to=<address>` on the HTTP
// port answers the messages received for that address, newest last, as JSON.
if (import.meta.main) {
  const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
  const smtp = await startTestSmtp(smtpPort);
  const { createServer } = await import("node:http");
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to") ?? "";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(smtp.received.filter((m) => m.to.includes(to))));
  });
  http.listen(httpPort, "127.0.0.1", () => console.log(`Test SMTP server on ${smtp.url}, messages on :${httpPort}`));
  const stop = () => smtp.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
