import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalStorage, type Storage } from './storage';
import { createS3Storage } from './storage-s3';

/** The storage the configuration asks for: the server, the seed CLI and backup/restore share it. */
export function createStorageFromConfig(config: AppConfig): Storage {
  const root = path.join(config.dataDir, 'uploads');
  if (!config.s3) return createLocalStorage(root);
  return createS3Storage({
    bucket: config.s3.bucket,
    region: config.s3.region,
    endpoint: config.s3.endpoint,
    forcePathStyle: config.s3.forcePathStyle,
    credentials: config.s3.credentials,
    // Uploads are checked in DATA_DIR/uploads/.tmp before they go to the bucket.
    tempRoot: root,
  });
}
