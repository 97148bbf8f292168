import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message as a recipient's mailbox would show it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, angle brackets included. */
  messageId: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** A message already received that matches, or the next one to arrive; rejects after timeoutMs (15 s). */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

interface Waiter {
  predicate: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const DEFAULT_WAIT_MS = 15_000;

function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  const groups = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return groups.flatMap((group) => group.value.flatMap((entry) => (entry.address ? [entry.address] : [])));
}

function envelopeRecipients(session: SMTPServerSession): string[] {
  return session.envelope.rcptTo.map((recipient) => recipient.address);
}

function describeReceived(messages: ReceivedMail[]): string {
  if (messages.length === 0) return 'nothing was received';
  return `received: ${messages.map((mail) => `${JSON.stringify(mail.subject)} to ${mail.to}`).join('; ')}`;
}

/** A real SMTP server on a free local port that keeps and parses every message, for delivery tests. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();

  const receive = (mail: ReceivedMail) => {
    messages.push(mail);
    for (const waiter of waiters) {
      if (!waiter.predicate(mail)) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headerRecipients = addressesOf(parsed.to);
          receive({
            to: (headerRecipients.length > 0 ? headerRecipients : envelopeRecipients(session)).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            messageId: parsed.messageId ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A failing client connection must not crash the test process.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      const alreadyReceived = messages.find(predicate);
      if (alreadyReceived) return Promise.resolve(alreadyReceived);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`No e-mail matching ${predicate.toString()} arrived within ${timeoutMs} ms (${describeReceived(messages)})`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    async stop() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`The test SMTP server stopped before an e-mail matching ${waiter.predicate.toString()} arrived`));
      }
      waiters.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
