import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalStorage, type Storage } from './storage';

/** The storage the configuration asks for: the server, the seed CLI and backup/restore share it. */
export function createStorageFromConfig(config: AppConfig): Storage {
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}
