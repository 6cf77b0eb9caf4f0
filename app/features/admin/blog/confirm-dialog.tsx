// Moved to ../confirm-dialog.tsx; this re-export keeps the e-mail screens' imports working until they
// import it from there.
export { ConfirmDialog } from '../confirm-dialog';
