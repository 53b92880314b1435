import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/embedded';
import { createStorageFromConfig } from '../lib/storage-factory';
import { openRuntime, quietLog } from '../runtime';
import { BackupError, createBackup } from './backup-archive';

const USAGE = `Usage: npm run backup [-- --out FILE]

Writes one archive (.tar.gz, readable only by you) with the whole database, every stored file and
the session secret: by default backups/lanyard-<date>.tar.gz in the project directory. It works
while the server runs; with an external database or S3 storage, set the same variables as for the
server. The archive holds personal data and the secret that signs sessions and QR codes: keep it private.`;

function parseArgs(argv: string[]): { out?: string } {
  const args: { out?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--out' && argv[i + 1]) args.out = argv[++i];
    else if (arg.startsWith('--out=')) args.out = arg.slice('--out='.length);
    else {
      console.error(arg === '--help' || arg === '-h' ? USAGE : `Unknown argument: ${arg}\n\n${USAGE}`);
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2);
    }
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // npm runs scripts in the project directory; a path typed by the operator is relative to where they were.
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const out = args.out
    ? path.resolve(callerDir, args.out)
    : path.resolve(process.cwd(), 'backups', `lanyard-${stamp}.tar.gz`);

  const config = loadConfig();
  const runtime = await openRuntime(config, quietLog, { shareRunningServer: true });
  try {
    const { file, manifest } = await createBackup({
      pool: runtime.database.pool,
      storage: createStorageFromConfig(config),
      out,
      // With SESSION_SECRET set, the secret lives with the configuration, not in DATA_DIR.
      sessionSecretFile: process.env.SESSION_SECRET ? undefined : path.join(config.dataDir, 'session-secret'),
    });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    const bytes = manifest.files.reduce((n, f) => n + f.size, 0);
    console.log(`Backup written to ${file}`);
    console.log(
      `  ${manifest.tables.length} tables, ${rows} rows; ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB)` +
        (manifest.session_secret ? '; the session secret' : ''),
    );
    if (manifest.missing_files.length) {
      console.warn(
        `  Warning: ${manifest.missing_files.length} file(s) the database lists could not be read and are not in the backup:\n    ` +
          manifest.missing_files.join('\n    '),
      );
    }
    if (manifest.damaged_files.length) {
      console.warn(
        `  Warning: ${manifest.damaged_files.length} file(s) no longer match the hash recorded when they were uploaded (backed up as they are):\n    ` +
          manifest.damaged_files.join('\n    '),
      );
    }
    console.log('  It holds personal data and secrets: keep it private.');
  } finally {
    await runtime.close();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof BackupError;
  console.error(`Backup failed: ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}`);
  process.exit(1);
});
