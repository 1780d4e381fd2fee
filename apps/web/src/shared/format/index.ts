export { formatMoney } from './money';
export { formatDate, formatDateTime, formatMonth, formatRelative } from './date-time';
