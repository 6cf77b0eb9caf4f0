// Moved to ../dialog-frame.tsx; this re-export keeps the e-mail screens' imports working until they
// import it from there.
export {
  AdminDialog,
  DialogBody,
  DialogFooter,
  dialogContentClass,
  dialogOverlayClass,
} from '../dialog-frame';
