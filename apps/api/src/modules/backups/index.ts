export { createBackup } from './create-backup';
export { restoreBackup } from './restore-backup';
export { readManifest, type BackupManifest } from './store';
export { verifyBackup, type VerifyReport } from './verify-backup';
export { reencryptStoredFiles, type ReencryptReport } from './reencrypt-stored-files';
