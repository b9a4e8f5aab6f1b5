// The ui folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { Avatar } from './Avatar';
export { ConfirmDialog } from './ConfirmDialog';
export { ErrorBoundary } from './ErrorBoundary';
export { Modal } from './Modal';
export {
  ShellProvider,
  useFooterVisible,
  useHideFooter,
  useIsModalOpen,
  useReleaseShell,
} from './ShellContext';
export { TextField } from './TextField';
export { ToastProvider, useToast } from './Toasts';
export { fireConfetti } from './confetti';
export {
  CalendarIcon,
  CartIcon,
  CheckIcon,
  CloseIcon,
  CloudDoneIcon,
  CloudOffIcon,
  ErrorIcon,
  GroupIcon,
  HeartIcon,
  MenuBookIcon,
  ScannerIcon,
  SyncIcon,
  icon,
} from './icons';
export {
  AddIcon,
  CameraIcon,
  CelebrationIcon,
  ChevronLeftIcon,
  EditIcon,
  ExtensionIcon,
  LockIcon,
  LogoutIcon,
  PersonIcon,
  PrintIcon,
  SettingsIcon,
  ShareIcon,
} from './icons-more';
export { useHydrated } from './useHydrated';
