import { relations } from 'drizzle-orm';
import { accounts, contacts } from './accounts.js';
import { passwordResetTokens, oneTimeTokens, refreshTokens } from './auth.js';
import { billingAccounts, orderItems, orders, payments, statements } from './billing.js';
import { assets, credentials, vendors } from './inventory.js';
import { licenses, products, services } from './services.js';
import { supportTools, toolDownloadLinks, toolDownloads } from './support-tools.js';
import { ticketEntries, tickets } from './tickets.js';

export const accountsRelations = relations(accounts, ({ many, one }) => ({
  contacts: many(contacts),
  services: many(services),
  billingAccount: one(billingAccounts),
  statements: many(statements),
  payments: many(payments),
  orders: many(orders),
  assets: many(assets),
  vendors: many(vendors),
  credentials: many(credentials),
  tickets: many(tickets),
  toolDownloads: many(toolDownloads),
}));

export const contactsRelations = relations(contacts, ({ one, many }) => ({
  account: one(accounts, { fields: [contacts.accountId], references: [accounts.id] }),
  licenses: many(licenses),
  assignedTickets: many(tickets),
  refreshTokens: many(refreshTokens),
  passwordResetTokens: many(passwordResetTokens),
  oneTimeTokens: many(oneTimeTokens),
}));

export const productsRelations = relations(products, ({ many }) => ({
  services: many(services),
}));

export const servicesRelations = relations(services, ({ one, many }) => ({
  account: one(accounts, { fields: [services.accountId], references: [accounts.id] }),
  product: one(products, { fields: [services.productId], references: [products.id] }),
  licenses: many(licenses),
}));

export const licensesRelations = relations(licenses, ({ one }) => ({
  contact: one(contacts, { fields: [licenses.contactId], references: [contacts.id] }),
  service: one(services, { fields: [licenses.serviceId], references: [services.id] }),
}));

export const billingAccountsRelations = relations(billingAccounts, ({ one }) => ({
  account: one(accounts, { fields: [billingAccounts.accountId], references: [accounts.id] }),
}));

export const statementsRelations = relations(statements, ({ one }) => ({
  account: one(accounts, { fields: [statements.accountId], references: [accounts.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  account: one(accounts, { fields: [payments.accountId], references: [accounts.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  account: one(accounts, { fields: [orders.accountId], references: [accounts.id] }),
  items: many(orderItems),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

export const supportToolsRelations = relations(supportTools, ({ many }) => ({
  downloads: many(toolDownloads),
  links: many(toolDownloadLinks),
}));

export const toolDownloadLinksRelations = relations(toolDownloadLinks, ({ one }) => ({
  tool: one(supportTools, { fields: [toolDownloadLinks.toolId], references: [supportTools.id] }),
  contact: one(contacts, { fields: [toolDownloadLinks.contactId], references: [contacts.id] }),
}));

export const toolDownloadsRelations = relations(toolDownloads, ({ one }) => ({
  account: one(accounts, { fields: [toolDownloads.accountId], references: [accounts.id] }),
  tool: one(supportTools, { fields: [toolDownloads.toolId], references: [supportTools.id] }),
  contact: one(contacts, { fields: [toolDownloads.contactId], references: [contacts.id] }),
}));

export const assetsRelations = relations(assets, ({ one }) => ({
  account: one(accounts, { fields: [assets.accountId], references: [accounts.id] }),
}));

export const vendorsRelations = relations(vendors, ({ one }) => ({
  account: one(accounts, { fields: [vendors.accountId], references: [accounts.id] }),
}));

export const credentialsRelations = relations(credentials, ({ one }) => ({
  account: one(accounts, { fields: [credentials.accountId], references: [accounts.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  account: one(accounts, { fields: [tickets.accountId], references: [accounts.id] }),
  assignedContact: one(contacts, { fields: [tickets.assignedContactId], references: [contacts.id] }),
  entries: many(ticketEntries),
}));

export const ticketEntriesRelations = relations(ticketEntries, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketEntries.ticketId], references: [tickets.id] }),
}));

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  contact: one(contacts, { fields: [refreshTokens.contactId], references: [contacts.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  contact: one(contacts, { fields: [passwordResetTokens.contactId], references: [contacts.id] }),
}));

export const oneTimeTokensRelations = relations(oneTimeTokens, ({ one }) => ({
  contact: one(contacts, { fields: [oneTimeTokens.contactId], references: [contacts.id] }),
}));
