import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/embedded';
import { createStorageFromConfig } from '../lib/storage-factory';
import { openRuntime, quietLog } from '../runtime';
import { BackupError, openArchive, restoreArchive } from './backup-archive';

const USAGE = `Usage: npm run restore -- FILE

Restores a backup made by npm run backup into an empty data directory (DATA_DIR, or the empty
database in DATABASE_URL and the configured storage): the database, every file and the session
secret. It refuses a database that already holds data, and checks every count and file hash.
Stop the server first; start it when the restore is done.`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(argv[0] === '--help' || argv[0] === '-h' ? 0 : 2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[0]!);
  const { dir, manifest } = await openArchive(file);
  try {
    const config = loadConfig();
    // No sharing with a running server: it would keep serving its old secret and caches.
    const runtime = await openRuntime(config, quietLog);
    try {
      const result = await restoreArchive({
        dir,
        manifest,
        pool: runtime.database.pool,
        storage: createStorageFromConfig(config),
      });
      console.log(`Restored ${path.basename(file)} (made ${manifest.created_at}):`);
      for (const t of result.tables) console.log(`  ${t.name.padEnd(22)} ${String(t.rows).padStart(8)} rows`);
      console.log(
        `  ${'files'.padEnd(22)} ${String(result.files).padStart(8)} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, hashes verified)`,
      );
      if (result.sessionSecret) {
        if (process.env.SESSION_SECRET) {
          if (process.env.SESSION_SECRET !== result.sessionSecret)
            console.warn(
              '  SESSION_SECRET is set and differs from the secret in the backup: QR codes and links made before\n' +
                '  the backup will not be accepted. Set SESSION_SECRET to the old value (session-secret in the archive) to keep them.',
            );
        } else {
          const target = path.join(config.dataDir, 'session-secret');
          await fsp.writeFile(`${target}.restore`, result.sessionSecret + '\n', { mode: 0o600 });
          await fsp.rename(`${target}.restore`, target);
          console.log('  session secret         restored');
        }
      }
      if (manifest.missing_files.length)
        console.warn(
          `  ${manifest.missing_files.length} file(s) were already missing when the backup was made.`,
        );
      console.log('Done. Start the server with npm start.');
    } finally {
      await runtime.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof BackupError;
  console.error(`Restore failed: ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}`);
  process.exit(1);
});
