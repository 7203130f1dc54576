/**
 * A local SMTP server for the tests (smtp-server, from nodemailer's authors), started by the
 * test itself: it accepts every message over plain SMTP on 127.0.0.1 and keeps it parsed
 * (mailparser), for the test to read. TEST-ONLY.
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

export async function startTestSmtp(): Promise<TestSmtp> {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
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
