/** `npm run backup [-- FILE]`: see server/backup/cli.ts (docs/decisions/099-backups.md). */
import { runBackupCommand } from '#server/backup/cli.ts';

process.exitCode = await runBackupCommand('backup', process.argv.slice(2));
