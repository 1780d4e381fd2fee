export { formatMoney } from './money';
export { formatDate, formatDateTime, formatMonth, formatMonthName, formatNumericDate, formatRelative, formatTimeZone, relativeTimeFormat } from './date-time';
export { formatPhone, phoneHref } from './phone';
