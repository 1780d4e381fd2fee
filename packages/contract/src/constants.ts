/** Business constants of docs/product.md §9, shared by server and client. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_CHANGE_REDIRECT_MS = 3_000;
export const COPY_CONFIRMATION_MS = 2_000;
export const DOWNLOAD_TOAST_MS = 5_000;
export const DEFAULT_TOOL_LINK_VALID_HOURS = 24;
/** The longest a support-tool download link may live: one week (docs/decisions/0017). */
export const MAX_TOOL_LINK_VALID_HOURS = 168;

export const USERS_PAGE_SIZE = 10;
export const USERS_PAGINATOR_BUTTONS = 5;
export const BILLING_PAGE_SIZE = 20;
/** The most one card payment may be, in USD (docs/decisions/0014). */
export const MAX_PAYMENT_AMOUNT = 25_000;
/** The header that makes a payment request safe to retry: the same key charges once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const TICKET_PAGE_LIMIT = 100;
/** The deepest `offset` the ticket list accepts (10,000 pages of 100). */
export const TICKET_MAX_OFFSET = 1_000_000;
export const TICKET_SEARCH_DEBOUNCE_MS = 500;
/**
 * Docs/decisions/0027: the ticket list counts matches exactly only up to a cap beyond the page
 * asked for; above it `total_count_capped` is set and the screen shows "10,000+". Without a search
 * the count is an index-only scan (cheap up to 10,000); each match of a search costs a visit to the
 * table, so a search counts up to 1,000.
 */
export const TICKET_COUNT_CAP = 10_000;
export const TICKET_SEARCH_COUNT_CAP = 1_000;
/** The newest entries of a ticket's conversation that the detail carries; older ones come in pages of this size. */
export const TICKET_CONVERSATION_PAGE = 50;
export const TICKET_DESCRIPTION_PREVIEW = 150;
export const TICKET_RESPONSE_MAX_LENGTH = 20_000;
/** A customer may reopen a ticket they marked resolved for this many days (docs/decisions/0047). */
export const TICKET_REOPEN_DAYS = 7;
/** A satisfaction rating may be changed for this many days after it was first given (docs/decisions/0047). */
export const TICKET_RATING_CHANGE_DAYS = 7;
/** The statuses of a ticket whose work was done: its contact is asked "How did we do?" (not Cancelled). */
export const RATEABLE_TICKET_STATUSES = ['Complete', 'Reviewed', 'Billed'] as const;
export const TICKET_NOTE_MAX_LENGTH = 2_000;
/** The dashboard's satisfaction figure covers this many days. */
export const SATISFACTION_DAYS_SHOWN = 90;
export const RECENT_ASSETS_SHOWN = 5;
export const DEFAULT_TICKET_TIME_ZONE = 'America/New_York';

export const CURRENCY = 'USD';
export const LOCALE = 'en-US';

export const DAYS_PAST_DUE_SHOWN_ABOVE = 15;

/** Profile screen options (docs/product.md §9). */
/** The portal's theme: light, dark, or 'auto' (the operating system's choice); the login result's ui_color_mode. */
export const UI_COLOR_MODES = ['light', 'dark', 'auto'] as const;

export const PROFILE_TIME_ZONES = ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'UTC'] as const;
/** Add/Edit User options (docs/product.md §9); deliberately a different list. */
export const USER_TIME_ZONES = [
  'US/Eastern',
  'US/Central',
  'US/Mountain',
  'US/Pacific',
  'US/Alaska',
  'US/Hawaii',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
] as const;
export const DEFAULT_USER_TIME_ZONE = 'US/Eastern';

export const CARD_TYPES = ['visa', 'mastercard', 'amex', 'discover'] as const;

/** Ticket statuses and the filter groups of docs/product.md §9. */
export const TICKET_STATUSES = ['New', 'Assigned', 'Accepted', 'In Progress', 'On Hold', 'Complete', 'Reviewed', 'Billed', 'Cancelled'] as const;
export const ACTIVE_TICKET_STATUSES = ['New', 'Assigned', 'Accepted', 'In Progress'] as const;
export const CLOSED_TICKET_STATUSES = ['Complete', 'Reviewed', 'Billed', 'Cancelled'] as const;
export const TICKET_STATUS_FILTERS = ['active', '', 'New', 'Assigned', 'Accepted', 'In Progress', 'On Hold', 'closed', 'Complete', 'Cancelled'] as const;
export const DEFAULT_TICKET_STATUS_FILTER = 'active';
export const TICKET_SORTS = ['newest', 'oldest', 'updated', 'priority'] as const;
export const DEFAULT_TICKET_SORT = 'newest';
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export const SERVICE_ITEM_TYPES = [
  'itp_voice',
  'paylink360',
  'itp_vfax_new_number',
  'itp_cloud',
  'office365',
  'google_apps',
  'google_workspace',
  'it_managed_services',
  'other',
] as const;
export const SERVICE_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const PROVISION_STATUSES = ['provisioned', 'pending'] as const;
/** Only these services are offered as user licenses (docs/product.md §9). */
export const LICENSABLE_ITEM_TYPES = ['itp_voice'] as const;

export const PAYMENT_TYPES = ['credit_card', 'check', 'credit', 'manual_ach'] as const;
/**
 * Where a statement stands (docs/decisions/0032): paid, partly paid, due (not yet paid, not late)
 * or overdue (something left after its due date). Payments settle the oldest charges first.
 */
export const STATEMENT_STATUSES = ['paid', 'partly_paid', 'due', 'overdue'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
/** How a statement's status reads, on the Statements tab and in its PDF. */
export const STATEMENT_STATUS_LABELS: Record<StatementStatus, string> = { paid: 'Paid', partly_paid: 'Partly paid', due: 'Due', overdue: 'Overdue' };
export const ORDER_STATUSES = ['completed', 'cancelled', 'new_order', 'other'] as const;
export const ORDER_ITEM_PURCHASE_TYPES = ['upgrade', 'new_order', 'nrc_product'] as const;
export const ORDER_ITEM_PROVISION_STATUSES = ['provisioned', 'failed', 'pending'] as const;

export const SUPPORT_TOOL_TYPES = ['rmm_agent', 'remote_assist', 'meshcentral', 'diagnostic', 'other'] as const;
export const OS_TYPES = ['windows', 'mac', 'linux'] as const;
export const DIRECT_DOWNLOAD_TOKEN = 'direct-download';
/** The error code (envelope `code`) of a custom build for an account the monitoring system does not know (docs/product.md §8). */
export const CONFIGURATION_NOT_FOUND = 'configuration_not_found';

export const ASSET_TYPES = ['desktop', 'laptop', 'server', 'network', 'mobile', 'other'] as const;
export const ASSET_STATUSES = ['active', 'maintenance', 'inactive', 'retired'] as const;

export const CREDENTIAL_PASSWORD_MASK = '••••••••';
export type CardType = (typeof CARD_TYPES)[number];
