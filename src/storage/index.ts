import type { Config } from '../config'
import type { Storage } from '../context'
import { createLocalStorage, localStorageRoot } from './local'
import { createS3Storage } from './s3'

/** The bucket when S3_* is configured, else the folder DATA_DIR/files. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(localStorageRoot(config.dataDir))
}
