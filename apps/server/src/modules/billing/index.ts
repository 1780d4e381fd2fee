/** The billing capability's public entry (decision 0041): what other modules use of it. The billing tables are this module's. */
export { billingFigures, recentPayments } from './billing-figures.repository.js';
