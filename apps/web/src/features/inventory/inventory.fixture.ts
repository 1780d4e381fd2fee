import type { Asset, Credential } from '@portal/contract';

/** An asset as the server sends it (tests only); override what a test cares about. */
export const anAsset = (overrides: Partial<Asset> = {}): Asset => ({
  id: 1,
  name: 'Edge Firewall',
  type: 'network',
  status: 'active',
  vendor: 'Fortinet',
  model: 'FortiGate 60F',
  serial_number: 'FGT60F123',
  location: 'Server Room',
  assigned_to: null,
  purchase_date: '2025-10-21',
  warranty_expires: null,
  ...overrides,
});

/** A stored credential as the server lists it (tests only), its password not in the answer. */
export const aCredential = (overrides: Partial<Credential> = {}): Credential => ({
  id: 7,
  service_name: 'FortiGate Firewall',
  category: 'network',
  username: 'admin',
  password_hidden: false,
  has_password: true,
  website: null,
  notes: null,
  last_updated: '2026-07-27T12:00:00.000Z',
  expires: null,
  ...overrides,
});
