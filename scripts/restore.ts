/** `npm run restore -- FILE [--force]`: see server/backup/cli.ts (docs/decisions/099-backups.md). */
import { runBackupCommand } from '#server/backup/cli.ts';

process.exitCode = await runBackupCommand('restore', process.argv.slice(2));
