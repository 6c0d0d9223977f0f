// One component for every app's discussion texts (plain text, never HTML).
export { PlainText } from '@kelasku/shared-ui';
