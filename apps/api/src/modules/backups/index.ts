export { createBackup, restoreBackup, readManifest, type BackupManifest } from './backup';
export { verifyBackup, type VerifyReport } from './verify';
export { reencryptStoredFiles, type ReencryptReport } from './reencrypt';
