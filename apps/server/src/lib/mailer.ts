/**
 * E-mail, behind one small module (decision 032): nodemailer over the SMTP server SMTP_URL
 * names (smtp:// or smtps://, user and password in the URL), loaded only when configured.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export async function createMailer(
  smtp: { url: string; from: string } | null,
  shopName: string,
): Promise<Mailer | null> {
  if (!smtp) return null;
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport(
    { url: smtp.url, connectionTimeout: 10_000, socketTimeout: 20_000 },
    { from: { name: shopName, address: smtp.from } },
  );
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
