import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Received {
  mail: ParsedMail;
  raw: string;
  rcptTo: string[];
  user: unknown;
}

export type Behaviour = 'accept' | 'busy' | 'refuse-connection';

/** A real SMTP server on 127.0.0.1 (smtp-server) that wants a password and parses what arrives. */
export async function startSmtpServer(port: number) {
  const received: Received[] = [];
  const state = { behaviour: 'accept' as Behaviour };
  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      if (state.behaviour === 'refuse-connection') {
        return callback(Object.assign(new Error('Too busy, closing'), { responseCode: 421 }));
      }
      callback();
    },
    // A connection the pool kept from before is refused at its next message.
    onMailFrom(_address, _session, callback) {
      if (state.behaviour === 'refuse-connection') {
        return callback(Object.assign(new Error('Too busy, closing'), { responseCode: 421 }));
      }
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 's3cret') return callback(null, { user: 'shop' });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.behaviour === 'busy') {
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          received.push({
            mail,
            raw: raw.toString('utf8'),
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
          });
          callback();
        }, callback);
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    state,
    url: `smtp://shop:s3cret@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
