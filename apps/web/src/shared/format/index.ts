export { formatMoney } from './money';
export { formatDate, formatDateTime, formatMonth, formatRelative, formatTimeZone } from './date-time';
export { formatPhone, phoneHref } from './phone';
