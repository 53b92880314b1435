import crypto from 'node:crypto';
import readline from 'node:readline';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/embedded';
import { openRuntime, quietLog } from '../runtime';
import { upsertAdmin } from '../modules/auth/service';

const USAGE = `Usage: npm run admin -- create EMAIL [--password-stdin]

Creates an admin account (or makes an existing account an admin and sets its password).
Without --password-stdin it asks for the password; press Enter to have a strong one generated.
It works whether or not the server is running; with an external database, set DATABASE_URL
as for the server.`;

function ask(question: string, hidden: boolean): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, s);
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data.split('\n')[0]?.trim() ?? '';
}

async function main(): Promise<void> {
  const [command, email, ...flags] = process.argv.slice(2);
  if (command !== 'create' || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  if (!z.string().email().safeParse(email).success) {
    console.error(`"${email}" is not an e-mail address.\n\n${USAGE}`);
    process.exit(2);
  }
  let password: string;
  let generated = false;
  if (flags.includes('--password-stdin')) {
    password = await readStdin();
  } else if (process.stdin.isTTY) {
    password = await ask('Password (Enter to generate one): ', true);
    if (password) {
      const again = await ask('Repeat the password: ', true);
      if (again !== password) {
        console.error('The passwords do not match.');
        process.exit(1);
      }
    }
  } else {
    password = '';
  }
  if (!password) {
    password = crypto.randomBytes(18).toString('base64url');
    generated = true;
  }

  const config = loadConfig();
  const runtime = await openRuntime(config, quietLog, { shareRunningServer: true });
  try {
    const outcome = await upsertAdmin(runtime.database.db, email, password);
    console.log(`Admin ${email.toLowerCase()} ${outcome}.`);
    if (generated) console.log(`Password: ${password}\n(shown once: keep it somewhere safe)`);
    console.log(`Sign in at ${config.publicUrl}/admin/login`);
  } finally {
    await runtime.close();
  }
}

main().catch((err: unknown) => {
  const message =
    err instanceof ConfigError || err instanceof DataDirInUseError
      ? err.message
      : String((err as Error)?.message ?? err);
  console.error(`Could not create the admin: ${message}`);
  process.exit(1);
});
