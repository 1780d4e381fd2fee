export { formatMoney } from './money';
export {
  calendarDayOf,
  dateLocale,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMonth,
  formatMonthName,
  formatRelative,
  formatTimeZone,
  relativeTimeFormat,
} from './date-time';
export { formatPhone, phoneHref } from './phone';
