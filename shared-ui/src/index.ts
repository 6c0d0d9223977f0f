export { SearchBox, type SearchBoxProps } from './SearchBox';
export { Modal, type ModalProps, type ModalField } from './Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Pagination, type PaginationProps } from './Pagination';
export { pageSlots, type PageSlot } from './pageSlots';
export { RoleLayout, SIDEBAR_WIDTH, type RoleLayoutProps, type LayoutRole } from './RoleLayout';
export { ROLE_TITLE_KEY, isLinkActive, isNavGroup, type NavItem, type NavLink, type NavGroup } from './nav';
export { Banner } from './Banner';
export { PageTitle } from './PageTitle';
export { WelcomeLine, type WelcomeLineProps } from './WelcomeLine';
export { kelaskuTheme, kelaskuColors } from './theme';
export { SafeHtml, sanitizeHtml, loadSanitizer } from './SafeHtml';
export { MathText } from './formula/MathText';
export { loadFormulaRenderer, useFormulaRenderer, type FormulaRenderer } from './formula/load';
export { AnswerForm, PlainText, RepliesList, ReplyByline, ReplyItem, authorName, isTeacherReply } from './discussions';
export { formatDateId, formatWibTime, formatWibRange, formatReplyTime, INDONESIAN_MONTHS } from './dates';
export { LanguageSwitch, chooseLanguage, useActiveLanguage, type LanguageSwitchProps } from './LanguageSwitch';
export {
  LoadingState,
  ErrorState,
  EmptyState,
  NotFoundState,
  LoadFailure,
  useUsableMark,
  type LoadFailureProps,
  type BackLink,
} from './states';
export { Logo, type LogoProps } from './Logo';
export { useDraft, useLeaveWarning, LEAVE_WARNING, type Draft } from './drafts';
export { stickyActionSx } from './tableStyles';
